package org.apophenia.samples.array;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * Every array kernel against an independent oracle: naive host loops over {@code double[][]} written
 * here (by coordinates, not by the kernels' tile indices), on random inputs of odd shapes, with tile
 * counts that do not divide the rows, on whole arrays, views and shifted views. The oracle's inputs
 * are the arrays as read back ({@link NdArray#toArray}), so only the kernel under test is trusted to
 * compute the output. Results are compared bit for bit, except sums over several tiles (the fold order
 * of the tiles' partial sums is the runtime's), which are compared to the exact tile-free sum within a
 * relative 1e-12. Expected NaNs match any NaN (Java does not define NaN payloads). Signed zeros, ties and
 * NaN, which random inputs never produce, have their own test.
 */
class KernelOracleTest {
  /** (rows, cols, tiles): odd shapes; tiles not dividing the rows, more tiles than rows, one tile. */
  private static final int[][] CASES = {{7, 5, 3}, {13, 11, 4}, {9, 1, 2}, {1, 6, 3}, {6, 6, 1}, {5, 9, 7}};

  private static ArrayContext context(int tiles) {
    return ArrayContext.untraced(new LegionRuntime(Presets.machine("workstation")), tiles);
  }

  // ------------------------------------------------------------------ host helpers

  private static double[][] grid(double[] flat, int rows, int cols) {
    double[][] g = new double[rows][cols];
    for (int k = 0; k < flat.length; k++) {
      g[k / cols][k % cols] = flat[k];
    }
    return g;
  }

  private static double[][] host(NdArray a) {
    Shape s = a.shape();
    return grid(a.toArray(), s.rows(), Math.max(1, s.cols()));
  }

  private static double[][] map2(double[][] x, double[][] y, DoubleBinaryOperator f) {
    double[][] out = new double[x.length][x[0].length];
    for (int c = 0; c < x[0].length; c++) {
      for (int r = 0; r < x.length; r++) {
        out[r][c] = f.applyAsDouble(x[r][c], y[r][c]);
      }
    }
    return out;
  }

  private static double[][] map1(double[][] x, DoubleUnaryOperator f) {
    return map2(x, x, (p, q) -> f.applyAsDouble(p));
  }

  private static double[][] sub(double[][] g, int r0, int r1, int c0, int c1) {
    double[][] out = new double[r1 - r0][c1 - c0];
    for (int r = r0; r < r1; r++) {
      System.arraycopy(g[r], c0, out[r - r0], 0, c1 - c0);
    }
    return out;
  }

  private static void assertBits(NdArray actual, double[][] expected, String what) {
    double[][] got = host(actual);
    assertThat(got.length).as(what + " rows").isEqualTo(expected.length);
    for (int r = 0; r < expected.length; r++) {
      for (int c = 0; c < expected[r].length; c++) {
        if (Double.isNaN(expected[r][c])) {
          assertThat(got[r][c]).as(what + " at (" + r + ", " + c + ")").isNaN();
          continue;
        }
        assertThat(Double.doubleToRawLongBits(got[r][c])).as(what + " at (" + r + ", " + c + "): " + got[r][c]
            + " vs " + expected[r][c]).isEqualTo(Double.doubleToRawLongBits(expected[r][c]));
      }
    }
  }

  /** A named random array of shape (rows, cols), or (rows,) when cols is 0, with some negatives. */
  private static NdArray random(ArrayContext np, long seed, int rows, int cols) {
    NdArray a = cols == 0 ? np.random(seed, rows) : np.random(seed, rows, cols);
    return np.let(a.sub(0.3));
  }

  // ------------------------------------------------------------------ generators

  @Test
  void generatorsMatchTheirDefinitions() {
    for (int[] k : CASES) {
      ArrayContext np = context(k[2]);
      int rows = k[0];
      int cols = k[1];
      double[][] full = new double[rows][cols];
      double[][] rnd = new double[rows][cols];
      long seed = 31L * rows + cols;
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          full[r][c] = -2.25;
          // uniform(x) is SplittableRandom's first draw from seed x (SplitMix64, Stafford's mix 13)
          rnd[r][c] = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + (long) r * cols + c).nextDouble();
        }
      }
      assertBits(np.full(-2.25, rows, cols), full, "full " + rows + "x" + cols);
      assertBits(np.random(seed, rows, cols), rnd, "random " + rows + "x" + cols);
      double[][] ar = new double[rows * cols][1];
      for (int i = 0; i < rows * cols; i++) {
        ar[i][0] = 0.75 + 0.1 * i;
      }
      assertBits(np.arange(0.75, 0.1, rows * cols), ar, "arange " + rows * cols);
    }
  }

  @Test
  void fillAndAssignIntoAViewTouchOnlyTheView() {
    ArrayContext np = context(3);
    NdArray a = random(np, 3, 9, 7);
    double[][] before = host(a);
    NdArray src = random(np, 4, 4, 3);
    double[][] s = host(src);
    a.view(2, 6, 3, 6).assign(src);
    a.view(7, 9, 0, 2).assign(4.5);
    double[][] expected = new double[9][7];
    for (int r = 0; r < 9; r++) {
      for (int c = 0; c < 7; c++) {
        boolean inAssign = r >= 2 && r < 6 && c >= 3 && c < 6;
        boolean inFill = r >= 7 && c < 2;
        expected[r][c] = inAssign ? s[r - 2][c - 3] : inFill ? 4.5 : before[r][c];
      }
    }
    assertBits(a, expected, "assign/fill into views");
  }

  // ------------------------------------------------------------------ element-wise

  private static final Object[][] BINARY = {
      {"add", (Function<NdArray[], NdArray>) x -> x[0].add(x[1]), (DoubleBinaryOperator) (p, q) -> p + q},
      {"sub", (Function<NdArray[], NdArray>) x -> x[0].sub(x[1]), (DoubleBinaryOperator) (p, q) -> p - q},
      {"mul", (Function<NdArray[], NdArray>) x -> x[0].mul(x[1]), (DoubleBinaryOperator) (p, q) -> p * q},
      {"div", (Function<NdArray[], NdArray>) x -> x[0].div(x[1]), (DoubleBinaryOperator) (p, q) -> p / q},
      {"maximum", (Function<NdArray[], NdArray>) x -> x[0].maximum(x[1]), (DoubleBinaryOperator) (p, q) -> p >= q ? p : q},
      {"lt", (Function<NdArray[], NdArray>) x -> x[0].lt(x[1]), (DoubleBinaryOperator) (p, q) -> p < q ? 1.0 : 0.0},
      {"gt", (Function<NdArray[], NdArray>) x -> x[0].gt(x[1]), (DoubleBinaryOperator) (p, q) -> q < p ? 1.0 : 0.0},
  };

  @Test
  @SuppressWarnings("unchecked")
  void binaryOperatorsOnWholeArraysViewsAndShiftedViews() {
    for (int[] k : CASES) {
      int rows = k[0];
      int cols = k[1];
      ArrayContext np = context(k[2]);
      NdArray a = random(np, 10 + rows, rows, cols);
      NdArray b = random(np, 20 + cols, rows, cols);
      double[][] ha = host(a);
      double[][] hb = host(b);
      for (Object[] op : BINARY) {
        Function<NdArray[], NdArray> f = (Function<NdArray[], NdArray>) op[1];
        DoubleBinaryOperator g = (DoubleBinaryOperator) op[2];
        assertBits(f.apply(new NdArray[] {a, b}), map2(ha, hb, g), op[0] + " " + rows + "x" + cols);
        if (rows >= 3 && cols >= 3) {
          // interior view of a against b's view shifted up-left: different offsets, same shape
          NdArray va = a.view(1, rows - 1, 1, cols - 1);
          NdArray vb = b.view(1, rows - 1, 1, cols - 1).shifted(-1, -1);
          assertBits(f.apply(new NdArray[] {va, vb}),
              map2(sub(ha, 1, rows - 1, 1, cols - 1), sub(hb, 0, rows - 2, 0, cols - 2), g),
              op[0] + " on views " + rows + "x" + cols);
        }
      }
    }
  }

  @Test
  void binaryOperatorsOnOneDimensionalViews() {
    ArrayContext np = context(4);
    NdArray u = random(np, 77, 23, 0);
    double[][] h = host(u);
    NdArray left = u.view(0, 21);
    NdArray right = u.view(2, 23);
    double[][] expected = new double[21][1];
    for (int i = 0; i < 21; i++) {
      expected[i][0] = h[i][0] - h[i + 2][0];
    }
    assertBits(left.sub(right), expected, "u[0:21] - u[2:23]");
    for (int i = 0; i < 21; i++) {
      expected[i][0] = h[i + 1][0] * h[i + 2][0];
    }
    assertBits(u.view(1, 22).mul(u.view(1, 22).shifted(1, 0)), expected, "u[1:22] * u[2:23]");
  }

  @Test
  void scalarOperatorsBothWays() {
    double s = 0.37;
    Object[][] ops = {
        {"add", (Function<NdArray, NdArray>) x -> x.add(s), (DoubleUnaryOperator) p -> p + s},
        {"sub", (Function<NdArray, NdArray>) x -> x.sub(s), (DoubleUnaryOperator) p -> p - s},
        {"mul", (Function<NdArray, NdArray>) x -> x.mul(s), (DoubleUnaryOperator) p -> p * s},
        {"div", (Function<NdArray, NdArray>) x -> x.div(s), (DoubleUnaryOperator) p -> p / s},
        {"maximum", (Function<NdArray, NdArray>) x -> x.maximum(s), (DoubleUnaryOperator) p -> p >= s ? p : s},
        {"minimum", (Function<NdArray, NdArray>) x -> x.minimum(s), (DoubleUnaryOperator) p -> p <= s ? p : s},
        {"pow", (Function<NdArray, NdArray>) x -> x.abs().pow(s), (DoubleUnaryOperator) p -> Math.pow(Math.abs(p), s)},
        {"lt", (Function<NdArray, NdArray>) x -> x.lt(s), (DoubleUnaryOperator) p -> p < s ? 1.0 : 0.0},
        {"gt", (Function<NdArray, NdArray>) x -> x.gt(s), (DoubleUnaryOperator) p -> p > s ? 1.0 : 0.0},
        {"rsub", (Function<NdArray, NdArray>) x -> x.rsub(s), (DoubleUnaryOperator) p -> s - p},
        {"rdiv", (Function<NdArray, NdArray>) x -> x.rdiv(s), (DoubleUnaryOperator) p -> s / p},
    };
    runUnaryCases(ops);
  }

  @Test
  void unaryFunctions() {
    Object[][] ops = {
        {"neg", (Function<NdArray, NdArray>) NdArray::neg, (DoubleUnaryOperator) p -> 0.0 - p == 0.0 ? -p : 0.0 - p},
        {"abs", (Function<NdArray, NdArray>) NdArray::abs, (DoubleUnaryOperator) p -> p < 0 ? -p : p},
        {"sqrt", (Function<NdArray, NdArray>) x -> x.abs().sqrt(), (DoubleUnaryOperator) p -> StrictMath.sqrt(Math.abs(p))},
        {"exp", (Function<NdArray, NdArray>) NdArray::exp, (DoubleUnaryOperator) Math::exp},
        {"tanh", (Function<NdArray, NdArray>) NdArray::tanh, (DoubleUnaryOperator) Math::tanh},
        {"copy", (Function<NdArray, NdArray>) NdArray::copy, (DoubleUnaryOperator) p -> p},
    };
    runUnaryCases(ops);
  }

  @SuppressWarnings("unchecked")
  private void runUnaryCases(Object[][] ops) {
    for (int[] k : CASES) {
      int rows = k[0];
      int cols = k[1];
      ArrayContext np = context(k[2]);
      NdArray a = random(np, 40 + rows * cols, rows, cols);
      double[][] ha = host(a);
      for (Object[] op : ops) {
        Function<NdArray, NdArray> f = (Function<NdArray, NdArray>) op[1];
        DoubleUnaryOperator g = (DoubleUnaryOperator) op[2];
        assertBits(f.apply(a), map1(ha, g), op[0] + " " + rows + "x" + cols);
        if (rows >= 2 && cols >= 3) {
          assertBits(f.apply(a.view(1, rows, 0, cols - 2).shifted(-1, 2)), map1(sub(ha, 0, rows - 1, 2, cols), g),
              op[0] + " on a shifted view " + rows + "x" + cols);
        }
      }
    }
  }

  @Test
  void whereSelectsByCondition() {
    for (int[] k : CASES) {
      int rows = k[0];
      int cols = k[1];
      ArrayContext np = context(k[2]);
      NdArray c = np.let(random(np, 1, rows, cols).gt(0.1));
      NdArray a = random(np, 2, rows, cols);
      NdArray b = random(np, 3, rows, cols);
      double[][] hc = host(c);
      double[][] ha = host(a);
      double[][] hb = host(b);
      double[][] expected = new double[rows][cols];
      for (int r = rows - 1; r >= 0; r--) {
        for (int j = 0; j < cols; j++) {
          expected[r][j] = hc[r][j] == 0.0 ? hb[r][j] : ha[r][j];
        }
      }
      assertBits(np.where(c, a, b), expected, "where " + rows + "x" + cols);
    }
  }

  // ------------------------------------------------------------------ reductions

  @Test
  void reductionsOverOneTileAreExactAndOverManyWithinRounding() {
    for (int[] k : CASES) {
      int rows = k[0];
      int cols = k[1];
      for (int tiles : new int[] {1, k[2]}) {
        ArrayContext np = context(tiles);
        NdArray a = random(np, 50 + rows, rows, cols);
        NdArray b = random(np, 60 + cols, rows, cols);
        double[][] ha = host(a);
        double[][] hb = host(b);
        double sum = 0;
        double dot = 0;
        double max = -Double.MAX_VALUE;
        double min = Double.MAX_VALUE;
        java.math.BigDecimal exactSum = java.math.BigDecimal.ZERO;
        java.math.BigDecimal exactDot = java.math.BigDecimal.ZERO;
        for (int r = 0; r < rows; r++) {
          for (int c = 0; c < cols; c++) {
            sum = sum + ha[r][c];
            dot = dot + ha[r][c] * hb[r][c];
            max = ha[r][c] > max ? ha[r][c] : max;
            min = ha[r][c] < min ? ha[r][c] : min;
            exactSum = exactSum.add(new java.math.BigDecimal(ha[r][c]));
            exactDot = exactDot.add(new java.math.BigDecimal(ha[r][c] * hb[r][c]));
          }
        }
        String what = rows + "x" + cols + " in " + tiles + " tiles";
        assertThat(np.max(a).get()).as("max " + what).isEqualTo(max);
        assertThat(np.min(a).get()).as("min " + what).isEqualTo(min);
        if (tiles == 1) {
          assertThat(np.sum(a).get()).as("sum " + what).isEqualTo(sum);
          assertThat(np.dot(a, b).get()).as("dot " + what).isEqualTo(dot);
          assertThat(np.norm(a).get()).as("norm " + what).isEqualTo(Math.sqrt(np.dot(a, a).get()));
        } else {
          assertThat(np.sum(a).get()).as("sum " + what).isCloseTo(exactSum.doubleValue(),
              org.assertj.core.api.Assertions.within(1e-12 * (1 + Math.abs(exactSum.doubleValue()))));
          assertThat(np.dot(a, b).get()).as("dot " + what).isCloseTo(exactDot.doubleValue(),
              org.assertj.core.api.Assertions.within(1e-12 * (1 + Math.abs(exactDot.doubleValue()))));
        }
        if (rows >= 3 && cols >= 3) {
          double vmax = -Double.MAX_VALUE;
          double vsum = 0;
          for (int r = 1; r < rows - 1; r++) {
            for (int c = 0; c < cols - 2; c++) {
              vmax = Math.max(vmax, ha[r][c]);
              vsum += ha[r][c] * hb[r - 1][c + 2];
            }
          }
          NdArray va = a.view(1, rows - 1, 0, cols - 2);
          assertThat(np.max(va).get()).as("max of a view " + what).isEqualTo(vmax);
          double vdot = np.dot(va, b.view(1, rows - 1, 0, cols - 2).shifted(-1, 2)).get();
          if (tiles == 1) {
            assertThat(vdot).as("dot of shifted views " + what).isEqualTo(vsum);
          } else {
            assertThat(vdot).as("dot of shifted views " + what).isCloseTo(vsum,
                org.assertj.core.api.Assertions.within(1e-12 * (1 + Math.abs(vsum))));
          }
        }
      }
    }
  }

  // ------------------------------------------------------------------ linear algebra

  @Test
  void matvecAndMatmulAreInnerProductsInIncreasingK() {
    int[][] shapes = {{7, 5, 3, 3}, {13, 11, 4, 6}, {9, 1, 2, 4}, {1, 6, 3, 1}, {5, 9, 7, 2}};
    for (int[] s : shapes) {
      int m = s[0];
      int k = s[1];
      int n = s[3];
      ArrayContext np = context(s[2]);
      NdArray a = random(np, 70 + m, m, k);
      NdArray x = random(np, 71 + k, k, 0);
      NdArray b = random(np, 72 + n, k, n);
      double[][] ha = host(a);
      double[][] hx = host(x);
      double[][] hb = host(b);
      double[][] y = new double[m][1];
      double[][] c = new double[m][n];
      for (int i = 0; i < m; i++) {
        for (int kk = 0; kk < k; kk++) {
          y[i][0] += ha[i][kk] * hx[kk][0];
          for (int j = 0; j < n; j++) {
            c[i][j] += ha[i][kk] * hb[kk][j];
          }
        }
      }
      assertBits(a.matmul(x), y, "matvec " + m + "x" + k);
      assertBits(a.matmul(b), c, "matmul " + m + "x" + k + "x" + n);
      if (m >= 3 && k >= 3) {
        // rows 1..m-1, columns 1..k-1 of A times elements 0..k-2 of x
        NdArray va = a.view(1, m, 1, k);
        double[][] vy = new double[m - 1][1];
        for (int i = 1; i < m; i++) {
          for (int kk = 1; kk < k; kk++) {
            vy[i - 1][0] += ha[i][kk] * hx[kk - 1][0];
          }
        }
        assertBits(va.matmul(x.view(0, k - 1)), vy, "matvec of views " + m + "x" + k);
      }
    }
  }

  @Test
  void transposeSwapsCoordinates() {
    for (int[] k : CASES) {
      int rows = k[0];
      int cols = k[1];
      ArrayContext np = context(k[2]);
      NdArray a = random(np, 80, rows, cols);
      double[][] ha = host(a);
      double[][] t = new double[cols][rows];
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          t[c][r] = ha[r][c];
        }
      }
      assertBits(a.transpose(), t, "transpose " + rows + "x" + cols);
      if (rows >= 3 && cols >= 2) {
        assertBits(a.view(1, rows, 0, cols - 1).transpose(), sub(t, 0, cols - 1, 1, rows),
            "transpose of a view " + rows + "x" + cols);
      }
    }
  }

  @Test
  void diagExtractsAndBuilds() {
    for (int[] k : new int[][] {{7, 3}, {6, 4}, {1, 1}, {10, 3}}) {
      int n = k[0];
      ArrayContext np = context(k[1]);
      NdArray a = random(np, 90 + n, n, n);
      double[][] ha = host(a);
      double[][] d = new double[n][1];
      for (int i = 0; i < n; i++) {
        d[i][0] = ha[i][i];
      }
      assertBits(a.diag(), d, "diag of " + n + "x" + n);
      NdArray v = random(np, 91 + n, n, 0);
      double[][] hv = host(v);
      double[][] m = new double[n][n];
      for (int i = 0; i < n; i++) {
        m[i][i] = hv[i][0];
      }
      assertBits(v.diag(), m, "diag matrix of " + n);
      if (n >= 4) {
        // the square view a[1:n-1, 2:n] has diagonal a[1+i][2+i]
        double[][] vd = new double[n - 2][1];
        for (int i = 0; i < n - 2; i++) {
          vd[i][0] = ha[1 + i][2 + i];
        }
        assertBits(a.view(1, n - 1, 2, n).diag(), vd, "diag of a view " + n);
        double[][] vm = new double[n - 2][n - 2];
        for (int i = 0; i < n - 2; i++) {
          vm[i][i] = hv[i + 1][0];
        }
        assertBits(v.view(1, n - 1).diag(), vm, "diag matrix of a view " + n);
      }
    }
  }

  @Test
  void stencilWeighsNeighbouringRowsWithClampedEnds() {
    double wUp = 0.25;
    double w = -0.5;
    double wDown = 0.125;
    for (int[] k : CASES) {
      int rows = k[0];
      int cols = k[1];
      ArrayContext np = context(k[2]);
      for (int dims = 1; dims <= 2; dims++) {
        NdArray a = random(np, 100 + dims, rows, dims == 1 ? 0 : cols);
        double[][] ha = host(a);
        int width = ha[0].length;
        double[][] expected = new double[rows][width];
        for (int c = 0; c < width; c++) {
          for (int r = 0; r < rows; r++) {
            double above = ha[Math.max(r - 1, 0)][c];
            double below = ha[Math.min(r + 1, rows - 1)][c];
            expected[r][c] = wUp * above + w * ha[r][c] + wDown * below;
          }
        }
        assertBits(a.stencil(wUp, w, wDown), expected, "stencil " + dims + "-D " + rows + "x" + cols);
      }
    }
  }

  // ------------------------------------------------------------------ edge values

  private static boolean negZero(double p) {
    return Double.doubleToRawLongBits(p) == Long.MIN_VALUE;
  }

  /** Java's max, spelt out: NaN if either is, +0 over -0, else the larger. */
  private static double maxOracle(double p, double q) {
    if (Double.isNaN(p) || Double.isNaN(q)) {
      return Double.NaN;
    }
    if (p == 0 && q == 0) {
      return negZero(p) && negZero(q) ? -0.0 : 0.0;
    }
    return p > q ? p : q;
  }

  /** Java's min, spelt out: NaN if either is, -0 over +0, else the smaller. */
  private static double minOracle(double p, double q) {
    if (Double.isNaN(p) || Double.isNaN(q)) {
      return Double.NaN;
    }
    if (p == 0 && q == 0) {
      return negZero(p) || negZero(q) ? -0.0 : 0.0;
    }
    return p < q ? p : q;
  }

  /**
   * Signed zeros, ties and NaN, which random inputs never produce: {@code p} is -3..8 with -0.0 for the
   * negatives' zero products, {@code q} all 2 (a tie at p = 2), {@code s} p with NaN where p > 5.
   */
  @Test
  void signedZerosTiesAndNaN() {
    ArrayContext np = context(5);
    NdArray p = np.let(np.arange(-3, 1, 12));
    NdArray z = np.let(p.mul(0.0));
    NdArray q = np.let(np.full(2, 12));
    NdArray s = np.let(np.where(p.gt(5), z.div(z), p));
    double[] hp = p.toArray();
    double[] hz = z.toArray();
    double[] hs = s.toArray();
    assertThat(negZero(hz[0])).as("-3 * 0 is -0.0").isTrue();
    assertThat(Double.isNaN(hs[11])).isTrue();
    double[][] e = new double[12][1];
    Function<DoubleUnaryOperator, double[][]> of = f -> {
      double[][] out = new double[12][1];
      for (int i = 0; i < 12; i++) {
        out[i][0] = f.applyAsDouble(i);
      }
      return out;
    };
    assertBits(p.gt(q), of.apply(i -> hp[(int) i] > 2 ? 1 : 0), "gt with a tie");
    assertBits(p.lt(2), of.apply(i -> hp[(int) i] < 2 ? 1 : 0), "lt scalar with a tie");
    assertBits(s.gt(2), of.apply(i -> hs[(int) i] > 2 ? 1 : 0), "gt with NaN");
    assertBits(z.neg(), of.apply(i -> Double.longBitsToDouble(Double.doubleToRawLongBits(hz[(int) i]) ^ Long.MIN_VALUE)),
        "neg flips the sign of zeros");
    assertBits(z.abs(), of.apply(i -> 0.0), "abs of signed zeros");
    assertBits(z.sqrt(), of.apply(i -> hz[(int) i]), "sqrt keeps the zero's sign");
    assertBits(s.maximum(z), of.apply(i -> maxOracle(hs[(int) i], hz[(int) i])), "maximum with zeros and NaN");
    assertBits(z.maximum(0.0), of.apply(i -> maxOracle(hz[(int) i], 0.0)), "maximum scalar +0 over -0");
    assertBits(z.minimum(0.0), of.apply(i -> minOracle(hz[(int) i], 0.0)), "minimum scalar -0 over +0");
    assertBits(s.minimum(1.0), of.apply(i -> minOracle(hs[(int) i], 1.0)), "minimum with NaN");
    NdArray nanCond = np.let(z.div(z));
    assertBits(np.where(z, p, q), of.apply(i -> 2), "where: a zero of either sign is false");
    assertBits(np.where(nanCond, p, q), of.apply(i -> hp[(int) i]), "where: NaN is true");
    assertThat(np.max(s).get()).as("max with NaN").isNaN();
    assertThat(np.min(s).get()).as("min with NaN").isNaN();
    assertThat(np.sum(s).get()).as("sum with NaN").isNaN();
    assertThat(negZero(np.max(z.view(0, 3)).get())).as("max of -0s").isTrue();
    assertThat(np.min(z).get()).as("min of zeros").isEqualTo(-0.0);
    assertThat(negZero(np.min(z).get())).as("min of zeros is -0").isTrue();
  }
}
