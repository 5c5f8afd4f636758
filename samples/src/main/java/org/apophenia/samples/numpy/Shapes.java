package org.apophenia.samples.numpy;

import java.util.Arrays;

/**
 * Shape arithmetic with NumPy's rules and error messages that name the operation, the shapes and the
 * axis, thrown before anything is issued. Stateless.
 */
final class Shapes {
  private Shapes() {}

  /** NumPy's spelling of a shape: {@code (3,)}, {@code (2, 3)}, {@code ()}. */
  static String str(int[] shape) {
    if (shape.length == 1) {
      return "(" + shape[0] + ",)";
    }
    StringBuilder b = new StringBuilder("(");
    for (int d = 0; d < shape.length; d++) {
      b.append(d == 0 ? "" : ", ").append(shape[d]);
    }
    return b.append(')').toString();
  }

  /** The broadcast shape of {@code shapes}, or IllegalArgumentException naming {@code op} and every shape. */
  static int[] broadcast(String op, int[]... shapes) {
    int nd = 0;
    for (int[] s : shapes) {
      nd = Math.max(nd, s.length);
    }
    int[] out = new int[nd];
    Arrays.fill(out, 1);
    for (int[] s : shapes) {
      for (int i = 0; i < s.length; i++) {
        int d = nd - s.length + i;
        if (s[i] == out[d] || s[i] == 1) {
          continue;
        }
        if (out[d] == 1) {
          out[d] = s[i];
          continue;
        }
        StringBuilder b = new StringBuilder();
        for (int[] t : shapes) {
          b.append(b.length() == 0 ? "" : " ").append(str(t));
        }
        throw new IllegalArgumentException(op + ": operands could not be broadcast together with shapes " + b
            + " (axis " + d + " of the result: " + out[d] + " vs " + s[i] + ")");
      }
    }
    return out;
  }

  /** {@code axis} normalised to {@code [0, ndim)} (negative counts from the end), or NumPy's AxisError text. */
  static int axis(String op, int axis, int ndim, int[] shape) {
    int a = axis < 0 ? axis + ndim : axis;
    if (a < 0 || a >= ndim) {
      throw new IllegalArgumentException(op + ": axis " + axis + " is out of bounds for array of dimension " + ndim
          + " (shape " + str(shape) + ")");
    }
    return a;
  }

  static int[] without(int[] shape, int axis) {
    int[] out = new int[shape.length - 1];
    for (int d = 0, j = 0; d < shape.length; d++) {
      if (d != axis) {
        out[j++] = shape[d];
      }
    }
    return out;
  }

  static int[] with(int[] shape, int axis, int extent) {
    int[] out = shape.clone();
    out[axis] = extent;
    return out;
  }
}
