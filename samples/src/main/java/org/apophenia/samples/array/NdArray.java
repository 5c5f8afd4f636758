package org.apophenia.samples.array;

import java.util.function.DoubleBinaryOperator;
import org.apophenia.legion.api.Rect;

/**
 * A 1-D or 2-D array of doubles backed by a logical region, NumPy style: every operation is one index
 * launch over the array's tiles (row blocks), issued through its {@link ArrayContext}; nothing waits
 * except {@link #toArray()} and {@link Scalar#get()}.
 *
 * <h2>Lifetimes (what replaces Python's reference counting)</h2>
 * An array is one of:
 * <ul>
 *   <li>a <em>temporary</em>: the result of an operation. It dies (its region returns to the pool) as
 *       soon as another operation consumes it, as a Python temporary does when its last reference
 *       goes. Using it a second time is an IllegalStateException;</li>
 *   <li><em>named</em>: made so by {@link ArrayContext#let} or {@link ArrayContext#rebind}. It lives
 *       until it is rebound ({@code x = np.rebind(x, expr)} frees the old {@code x} after the new one
 *       is computed) or released;</li>
 *   <li>a <em>view</em> of a named array ({@link #view}, {@link #shifted}, {@link #row}, {@link #col}):
 *       a sub-rectangle of its region, never freed by itself, dead when the array is.</li>
 * </ul>
 *
 * <p>Shapes: elementwise operations need equal shapes (views with the same shape at different
 * offsets match point by point: that is how stencils are written) or a scalar. Not thread-safe; one
 * application thread.
 */
public final class NdArray {
  enum Kind { TEMPORARY, NAMED, VIEW }

  /** The operations of the context this array belongs to (its identity, for checks). */
  final Operations ops;
  final Storage storage;
  final Rect rect;
  final int generation;
  Kind kind;

  NdArray(Operations ops, Storage storage, Rect rect, Kind kind) {
    this.ops = ops;
    this.storage = storage;
    this.rect = rect;
    this.generation = storage.generation;
    this.kind = kind;
  }

  /** This array's shape (a view's own, not its array's). */
  public Shape shape() {
    return Shape.of(rect);
  }

  /** Whether this array can still be used. */
  public boolean isAlive() {
    return !storage.free && storage.generation == generation;
  }

  // ------------------------------------------------------------------ elementwise
  // Each returns a new temporary of this shape and consumes its temporary operands; array operands
  // have this shape.

  /** {@code this + o}. */
  public NdArray add(NdArray o) { return ops.binary("add", BinaryOp.ADD, this, o); }
  /** {@code this - o}. */
  public NdArray sub(NdArray o) { return ops.binary("sub", BinaryOp.SUB, this, o); }
  /** {@code this * o}. */
  public NdArray mul(NdArray o) { return ops.binary("mul", BinaryOp.MUL, this, o); }
  /** {@code this / o}. */
  public NdArray div(NdArray o) { return ops.binary("div", BinaryOp.DIV, this, o); }
  /** The larger of {@code this} and {@code o} (NumPy's {@code maximum}). */
  public NdArray maximum(NdArray o) { return ops.binary("maximum", BinaryOp.MAXIMUM, this, o); }

  /** {@code this + s}. */
  public NdArray add(double s) { return scalar("add", BinaryOp.ADD, s, false); }
  /** {@code this - s}. */
  public NdArray sub(double s) { return scalar("sub", BinaryOp.SUB, s, false); }
  /** {@code this * s}. */
  public NdArray mul(double s) { return scalar("mul", BinaryOp.MUL, s, false); }
  /** {@code this / s}. */
  public NdArray div(double s) { return scalar("div", BinaryOp.DIV, s, false); }
  /** The larger of {@code this} and {@code s}. */
  public NdArray maximum(double s) { return scalar("maximum", BinaryOp.MAXIMUM, s, false); }
  /** The smaller of {@code this} and {@code s}. */
  public NdArray minimum(double s) { return scalar("minimum", BinaryOp.MINIMUM, s, false); }
  /** {@code this ** s}. */
  public NdArray pow(double s) { return scalar("pow", BinaryOp.POW, s, false); }
  /** {@code s - this}. */
  public NdArray rsub(double s) { return scalar("sub", BinaryOp.SUB, s, true); }
  /** {@code s / this}. */
  public NdArray rdiv(double s) { return scalar("div", BinaryOp.DIV, s, true); }

  /** {@code -this}. */
  public NdArray neg() { return ops.unary("neg", UnaryOp.NEG, this); }
  /** {@code |this|}. */
  public NdArray abs() { return ops.unary("abs", UnaryOp.ABS, this); }
  /** The square root. */
  public NdArray sqrt() { return ops.unary("sqrt", UnaryOp.SQRT, this); }
  /** {@code e ** this}. */
  public NdArray exp() { return ops.unary("exp", UnaryOp.EXP, this); }
  /** The hyperbolic tangent. */
  public NdArray tanh() { return ops.unary("tanh", UnaryOp.TANH, this); }
  /** A fresh copy. */
  public NdArray copy() { return ops.unary("copy", UnaryOp.COPY, this); }

  // comparisons give 1.0 where true and 0.0 where false
  /** {@code this < o}. */
  public NdArray lt(NdArray o) { return ops.binary("lt", BinaryOp.LT, this, o); }
  /** {@code this > o}. */
  public NdArray gt(NdArray o) { return ops.binary("gt", BinaryOp.GT, this, o); }
  /** {@code this < s}. */
  public NdArray lt(double s) { return scalar("lt", BinaryOp.LT, s, false); }
  /** {@code this > s}. */
  public NdArray gt(double s) { return scalar("gt", BinaryOp.GT, s, false); }

  private NdArray scalar(String name, DoubleBinaryOperator op, double s, boolean left) {
    return ops.binaryScalar(name, op, this, s, left);
  }

  // ------------------------------------------------------------------ linear algebra

  /** {@code this @ o}: matrix–vector (2-D @ 1-D) or matrix–matrix (2-D @ 2-D). */
  public NdArray matmul(NdArray o) {
    return ops.matmul(this, o);
  }

  /** The transpose of a 2-D array, as a new array. */
  public NdArray transpose() {
    return ops.transpose(this);
  }

  /** NumPy's {@code diag}: the diagonal of a square 2-D array, or the square matrix with this 1-D diagonal. */
  public NdArray diag() {
    return ops.diag(this);
  }

  // ------------------------------------------------------------------ views

  /** The view {@code this[r0:r1]} of a 1-D array (half-open, like Python slices; no negative indices). */
  public NdArray view(int r0, int r1) {
    return ops.lifetimes.view(this, r0, r1, 0, 0);
  }

  /** The view {@code this[r0:r1, c0:c1]} of a 2-D array. */
  public NdArray view(int r0, int r1, int c0, int c1) {
    return ops.lifetimes.view(this, r0, r1, c0, c1);
  }

  /** Row {@code r} of a 2-D array as a 1 x cols view. */
  public NdArray row(int r) {
    return view(r, r + 1, 0, shape().cols());
  }

  /** Column {@code c} of a 2-D array as a rows x 1 view. */
  public NdArray col(int c) {
    return view(0, shape().rows(), c, c + 1);
  }

  /** The view of the same shape moved by {@code (dr, dc)} in the underlying array: for stencils. */
  public NdArray shifted(int dr, int dc) {
    return ops.lifetimes.shifted(this, dr, dc);
  }

  /** Overwrites this (named) array or view with {@code value}'s elements (same shape). */
  public void assign(NdArray value) {
    ops.assign(this, value);
  }

  /** Overwrites every element of this (named) array or view with {@code s}. */
  public void assign(double s) {
    ops.fill(this, s);
  }

  /** The new array {@code w_up * this[i-1] + w * this[i] + w_down * this[i+1]} along rows (ends clamped). */
  public NdArray stencil(double wUp, double w, double wDown) {
    return ops.stencil(this, wUp, w, wDown);
  }

  /** The elements in row-major order; a blocking wait (untraceable). */
  public double[] toArray() {
    return ops.read(this);
  }

  @Override
  public String toString() {
    return "ndarray" + shape() + " in " + storage.root + (kind == Kind.VIEW ? " view " + rect : "")
        + (isAlive() ? "" : " (dead)");
  }
}
