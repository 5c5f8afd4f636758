package org.apophenia.samples.array;

import java.util.concurrent.TimeUnit;
import java.util.function.DoubleBinaryOperator;
import org.apophenia.legion.api.DoubleTile;
import org.apophenia.legion.api.DoubleTileWriter;
import org.apophenia.legion.api.Rect;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The array kernels' loops against plain Java loops over the same data: jacobi's tile (rows 64..127
 * of a 256 x 256 instance, 16,384 points). Each {@code kernel*} benchmark does what a task body does:
 * makes the dense views of its tiles (the once-per-tile checks) and runs {@link TileLoops}' loop.
 * {@code plain*} is the loop a programmer would write over another {@code double[]} holding the same
 * values (a DOUBLE field's instance is a {@code double[]} too, so this is the bound for the kernels);
 * {@code formerBits*} the same plain loop over a {@code long[]} of raw double bits, the storage region
 * instances used before DOUBLE fields got {@code double[]}, kept to show what that change is worth
 * (C2 does not vectorise loops through {@code Double.longBitsToDouble}). Element-wise: {@code out = a + b}
 * over the tile; reduction: the tile's sum (row-major, the kernels' order); matvec: the tile of
 * {@code A} times a 256-vector.
 *
 * <p>Before measuring, every element-wise operator runs through the shared loops a few thousand
 * times, as in a program that uses many operators, so no call site is measured monomorphic by luck.
 * The operator comes from a field, as a task body gets it from its closure, not from the constant
 * {@code BinaryOp.ADD}: with a constant receiver C2 inlines the operator's loop into the JMH stub
 * whatever the profile says, that compiled unit reaches C2's inlining node budget (three views'
 * checks inlined before the loop), and the loop's {@code get}/{@code set} stay calls, which makes
 * it many times slower in the forks where that happens (BENCHMARKS.md, "Array kernels over dense
 * tile views").
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class KernelBenchmark {
  static final int N = 256;
  static final int ROW0 = 64;
  static final int ROWS = 64;

  private final Rect instance = Rect.of(0, 0, N - 1, N - 1);
  private final Rect tile = Rect.of(ROW0, 0, ROW0 + ROWS - 1, N - 1);
  private final Rect vector = Rect.of(0, N - 1);
  private final Rect outTile = Rect.of(ROW0, ROW0 + ROWS - 1);
  private DoubleBinaryOperator add = BinaryOp.ADD;

  private double[] a;
  private double[] b;
  private double[] o;
  private double[] x;
  private double[] y;
  private long[] la;
  private long[] lb;
  private long[] lo;
  private long[] lx;
  private long[] ly;
  private double[] da;
  private double[] db;
  private double[] dout;
  private double[] dx;
  private double[] dy;

  @Setup
  public void setUp() {
    a = new double[N * N];
    b = new double[N * N];
    o = new double[N * N];
    x = new double[N];
    y = new double[N];
    la = new long[N * N];
    lb = new long[N * N];
    lo = new long[N * N];
    lx = new long[N];
    ly = new long[N];
    da = new double[N * N];
    db = new double[N * N];
    dout = new double[N * N];
    dx = new double[N];
    dy = new double[N];
    for (int i = 0; i < N * N; i++) {
      da[i] = Kernels.uniform(i);
      db[i] = Kernels.uniform(i + 7 * N * N) + 0.5;
      a[i] = da[i];
      b[i] = db[i];
      la[i] = Double.doubleToRawLongBits(da[i]);
      lb[i] = Double.doubleToRawLongBits(db[i]);
    }
    for (int i = 0; i < N; i++) {
      dx[i] = Kernels.uniform(-1 - i);
      x[i] = dx[i];
      lx[i] = Double.doubleToRawLongBits(dx[i]);
    }
    for (int k = 0; k < 2000; k++) {
      for (BinaryOp op : BinaryOp.values()) {
        TileLoops.binary(op, DoubleTileWriter.of(o, instance, tile), DoubleTile.of(a, instance, tile),
            DoubleTile.of(b, instance, tile));
        TileLoops.binaryScalar(op, 0.5, (k & 1) == 0, DoubleTileWriter.of(o, instance, tile),
            DoubleTile.of(a, instance, tile));
      }
      for (UnaryOp op : UnaryOp.values()) {
        TileLoops.unary(op, DoubleTileWriter.of(o, instance, tile), DoubleTile.of(a, instance, tile));
      }
    }
  }

  // ------------------------------------------------------------------ element-wise

  @Benchmark
  public double[] kernelAdd() {
    TileLoops.binary(add, DoubleTileWriter.of(o, instance, tile), DoubleTile.of(a, instance, tile),
        DoubleTile.of(b, instance, tile));
    return o;
  }

  @Benchmark
  public double[] plainAdd() {
    double[] p = da;
    double[] q = db;
    double[] r = dout;
    for (int i = ROW0 * N, end = (ROW0 + ROWS) * N; i < end; i++) {
      r[i] = p[i] + q[i];
    }
    return r;
  }

  @Benchmark
  public long[] formerBitsAdd() {
    long[] p = la;
    long[] q = lb;
    long[] r = lo;
    for (int i = ROW0 * N, end = (ROW0 + ROWS) * N; i < end; i++) {
      r[i] = Double.doubleToRawLongBits(Double.longBitsToDouble(p[i]) + Double.longBitsToDouble(q[i]));
    }
    return r;
  }

  // ------------------------------------------------------------------ reduction

  @Benchmark
  public double kernelSum() {
    return TileLoops.sum(DoubleTile.of(a, instance, tile));
  }

  @Benchmark
  public double plainSum() {
    double[] p = da;
    double s = 0;
    for (int i = ROW0 * N, end = (ROW0 + ROWS) * N; i < end; i++) {
      s += p[i];
    }
    return s;
  }

  @Benchmark
  public double formerBitsSum() {
    long[] p = la;
    double s = 0;
    for (int i = ROW0 * N, end = (ROW0 + ROWS) * N; i < end; i++) {
      s += Double.longBitsToDouble(p[i]);
    }
    return s;
  }

  // ------------------------------------------------------------------ matvec

  @Benchmark
  public double[] kernelMatvec() {
    TileLoops.matvec(DoubleTileWriter.of(y, vector, outTile), DoubleTile.of(a, instance, tile),
        DoubleTile.of(x, vector, vector));
    return y;
  }

  @Benchmark
  public double[] plainMatvec() {
    double[] m = da;
    double[] v = dx;
    double[] r = dy;
    for (int i = ROW0; i < ROW0 + ROWS; i++) {
      double s = 0;
      for (int j = 0, row = i * N; j < N; j++) {
        s += m[row + j] * v[j];
      }
      r[i] = s;
    }
    return r;
  }

  @Benchmark
  public long[] formerBitsMatvec() {
    long[] m = la;
    long[] v = lx;
    long[] r = ly;
    for (int i = ROW0; i < ROW0 + ROWS; i++) {
      double s = 0;
      for (int j = 0, row = i * N; j < N; j++) {
        s += Double.longBitsToDouble(m[row + j]) * Double.longBitsToDouble(v[j]);
      }
      r[i] = Double.doubleToRawLongBits(s);
    }
    return r;
  }
}
