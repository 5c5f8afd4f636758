package org.apophenia.samples.ports;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Random;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.apps.Samples;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.samples.numpy.Np;
import org.apophenia.samples.numpy.NpArray;
import org.junit.jupiter.api.Test;

/**
 * A program written with no memory calls (no let, rebind or release: Jacobi's {@code x = (b - R @ x)
 * / d} on the N-d library, its temporaries and old {@code x} simply dropped) reaches the coverage and
 * warm-up of the {@code jacobi} sample, which manages its arrays by hand.
 */
class NoMemoryCallsTest {
  /** Jacobi as a NumPy user writes it; the system is the same kind as the jacobi sample's. */
  static class PlainJacobi extends PortedSample {
    private NpArray b;
    private NpArray d;
    private NpArray r;
    private NpArray x;
    private NpArray change;
    private final boolean waits;

    PlainJacobi(boolean waits) {
      this.waits = waits;
    }

    @Override public String name() { return "plain-jacobi"; }
    @Override public String description() { return "Jacobi without memory calls"; }
    @Override public int defaultSize() { return 24; }
    @Override public int defaultIterations() { return 120; }
    @Override public int manualTraceIterations() { return 2; }

    @Override
    protected void setup(Np np, int n) {
      Random rnd = new Random(1);
      double[] a = new double[n * n];
      double[] rv = new double[n * n];
      double[] dv = new double[n];
      double[] bv = new double[n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          a[i * n + j] = rnd.nextDouble() + (i == j ? 0.56 * n : 0);
          rv[i * n + j] = i == j ? 0 : a[i * n + j];
        }
        dv[i] = a[i * n + i];
        bv[i] = rnd.nextDouble();
      }
      b = np.array(bv, n);
      d = np.array(dv, n);
      r = np.array(rv, n, n);
      x = np.zeros(n);
    }

    @Override
    protected void step(Np np, int i) {
      NpArray next = b.sub(np.matmul(r, x)).div(d);
      change = np.norm(next.sub(x));
      x = next;
    }

    @Override
    public boolean monitor(ArrayContext ctx, int i) {
      if (waits && i % 10 == 9) {
        change.item(); // the jacobi sample's periodic convergence check: a blocking wait
      }
      return false;
    }

    @Override
    protected List<NpArray> resultArrays() {
      return List.of(x);
    }

    @Override
    protected String verify(Np np) {
      return "ok";
    }
  }

  /** The jacobi sample without its periodic convergence wait (which this comparison is not about). */
  static Sample withoutWaits(Sample s) {
    return (Sample) Proxy.newProxyInstance(Sample.class.getClassLoader(), new Class<?>[] {Sample.class},
        (proxy, m, args) -> {
          if (m.getName().equals("monitor")) {
            return false;
          }
          try {
            return m.invoke(s, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  @Test
  void aProgramWithoutMemoryCallsReachesTheCoverageAndWarmupOfOneThatManagesItsArrays() {
    RunResult manualMemory = PortsTest.run(withoutWaits(Samples.create("jacobi")), Mode.AUTO, 24, 120);
    RunResult noCalls = PortsTest.run(new PlainJacobi(false), Mode.AUTO, 24, 120);
    assertComparable(noCalls, manualMemory);
  }

  /**
   * With the jacobi sample's convergence check (a blocking wait every 10 iterations) in both. The
   * plain loop's trace starts where its stream became periodic, two operations before an iteration
   * boundary, so every wait fell inside an open match (0.78 coverage, no steady state) until
   * Apophenia re-phased a trace broken by a wait to end where the program waits.
   */
  @Test
  void withTheConvergenceWaitItStillReachesTheCoverageAndWarmupOfTheJacobiSample() {
    RunResult manualMemory = PortsTest.run(Samples.create("jacobi"), Mode.AUTO, 24, 120);
    RunResult noCalls = PortsTest.run(new PlainJacobi(true), Mode.AUTO, 24, 120);
    assertComparable(noCalls, manualMemory);
  }

  private static void assertComparable(RunResult noCalls, RunResult manualMemory) {
    assertThat(noCalls.coverage()).as(noCalls + "\nvs jacobi " + manualMemory)
        .isGreaterThanOrEqualTo(manualMemory.coverage() - 0.02);
    assertThat(noCalls.warmupIterations()).as(noCalls + "\nvs jacobi " + manualMemory)
        .isBetween(0, manualMemory.warmupIterations() + 2);
  }

  @Test
  void itsValuesDoNotDependOnWhenArraysAreFreed() {
    RunResult auto = PortsTest.run(new PlainJacobi(true), Mode.AUTO, 24, 120);
    RunResult none = PortsTest.run(new PlainJacobi(true), Mode.NONE, 24, 120);
    assertThat(auto.checksum()).isEqualTo(none.checksum());
  }
}
