package org.apophenia.samples.numpy;

import java.util.List;

/**
 * What one index launch of the N-d library computes, handed to its task body as an argument (so not
 * part of the operation's token: the requirements are). Every plan works over an <em>iteration
 * space</em>: the output's shape followed by {@code inner} extra points per output element (the
 * reduced axis, the contracted dimension of a product, the line of a cumulative sum); each operand's
 * geometry is given over that space, so the launch can compute the buffer interval each tile reads.
 * Tile {@code i} covers outer indices {@code [chunks[i], chunks[i+1])}. A closed family of immutable
 * values.
 */
sealed interface Plan {
  /** An array operand (requirement {@code req}) or a scalar ({@code req = -1}, value {@code bits}). */
  record Input(int req, Geometry geometry, DType dtype, long bits) {
    static Input scalar(DType dtype, long bits) {
      return new Input(-1, null, dtype, bits);
    }
  }

  /** out = f(inputs) element-wise; {@code compute} is the type inputs are converted to. */
  record Map(Geometry out, DType outType, List<Input> inputs, Func func, DType compute) implements Plan {}

  /** out[o] = reduction over the {@code inner} values of input 0 at outer index o ({@code out}: the output's own geometry). */
  record Reduce(Geometry out, DType outType, Input in, int inner, Reduction op, boolean pairwise) implements Plan {}

  /** out[o] = sum over l of a[o, l] * b[o, l] (a, b over the iteration space; {@code out} the output's own geometry). */
  record Contract(Geometry out, DType outType, Input a, Input b, int inner) implements Plan {}

  /** out[o, l] = running sum of in[o, 0..l] along the inner line. */
  record Cumsum(Geometry out, DType outType, Input in, int inner) implements Plan {}

  /** The element-wise function of a {@link Map}: a closed family. */
  sealed interface Func {}

  record Binary(BinaryUfunc ufunc) implements Func {}

  record Unary(UnaryUfunc ufunc) implements Func {}

  /** Inputs (cond, a, b): a where cond else b. */
  record Where() implements Func {}

  /** Inputs (a, lo, hi): NumPy's {@code clip}, {@code minimum(maximum(a, lo), hi)}. */
  record Clip() implements Func {}

  /** Input 0 converted to the output type (assignments, copies, astype). */
  record Copy() implements Func {}

  /** {@code start + k * step} at linear index k (float64 or int64). */
  record Arange(double start, double step) implements Func {}

  /** Element k of a host array given in row-major order (as stored bits). */
  record Data(long[] bits) implements Func {}
}
