package com.example.toy;

import java.util.function.Consumer;
import org.apophenia.autotrace.Interceptor;

/**
 * A program on the toy runtime that never mentions tracing: {@code x = 0.5 x + b} on two regions that
 * alternate, reading one value every 10 iterations. Run untraced (tasks straight to the runtime) or
 * through Apophenia (tasks to an {@link Interceptor} wrapping a {@link ToySink}); the results are the
 * same bits either way.
 */
public final class ToyProgram {
  private ToyProgram() {}

  /** What a run did: the final values and the runtime's counts. */
  public record Result(double[] x, long tasks, long analysed, long replayed, long tracedByApophenia) {}

  /** Runs {@code iterations} iterations on {@code n} elements, through Apophenia if {@code traced}. */
  public static Result run(boolean traced, int iterations, int n) {
    ToyRuntime runtime = new ToyRuntime();
    int b = runtime.create(n);
    int[] x = {runtime.create(n), runtime.create(n)};
    int t = runtime.create(n);
    double[] init = new double[n];
    for (int i = 0; i < n; i++) {
      init[i] = i + 1;
    }
    runtime.fill(b, init);
    if (!traced) {
      loop(runtime, runtime::submit, () -> { }, iterations, b, x, t);
      return new Result(runtime.values(x[iterations % 2]), runtime.tasks(), runtime.analysed(), runtime.replayed(), 0);
    }
    long tracedOps;
    try (Interceptor<ToyTask> apophenia = Interceptor.builder(new ToyTokenizer(), new ToySink(runtime)).build()) {
      loop(runtime, apophenia::execute, apophenia::blockingWait, iterations, b, x, t);
      apophenia.flush();
      tracedOps = apophenia.stats().tracedOps();
    } // close(): everything pending is forwarded, the mining thread stops
    return new Result(runtime.values(x[iterations % 2]), runtime.tasks(), runtime.analysed(), runtime.replayed(),
        tracedOps);
  }

  private static void loop(ToyRuntime runtime, Consumer<ToyTask> issue, Runnable beforeBlocking, int iterations,
      int b, int[] x, int t) {
    for (int k = 0; k < iterations; k++) {
      int in = x[k % 2];
      int out = x[(k + 1) % 2];
      issue.accept(new ToyTask("scale", new int[] {in}, t, 0.5));
      issue.accept(new ToyTask("add", new int[] {t, b}, out, 0));
      if (k % 10 == 9) {
        beforeBlocking.run(); // the program is about to wait for a value: Apophenia forwards what it holds
        if (Double.isNaN(runtime.read(out, 0))) {
          throw new IllegalStateException("diverged");
        }
      }
    }
  }

  /** Prints the two runs side by side. */
  public static void main(String[] args) {
    Result plain = run(false, 200, 1000);
    Result traced = run(true, 200, 1000);
    System.out.printf("untraced: %d tasks, %d analysed%n", plain.tasks(), plain.analysed());
    System.out.printf("Apophenia: %d tasks, %d traced, %d replayed without analysis; same results: %b%n",
        traced.tasks(), traced.tracedByApophenia(), traced.replayed(), java.util.Arrays.equals(plain.x(), traced.x()));
  }
}
