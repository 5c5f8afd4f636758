package org.apophenia.replay.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The optimiser's thread runs what it is given in order, goes on after a task throws, and runs work
 * submitted both while it polls (just after other work) and once it blocks (idle longer than
 * {@link OptimiserThread#WARM_NANOS}): the second needs the wake-up the first avoids.
 */
class OptimiserThreadTest {
  @Test
  void runsTasksInOrderSurvivesAThrowingOneAndWakesFromItsSleep() throws Exception {
    OptimiserThread t = new OptimiserThread("optimiser-test");
    List<Integer> ran = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch first = new CountDownLatch(100);
    for (int i = 0; i < 100; i++) {
      int k = i;
      t.execute(() -> {
        ran.add(k);
        first.countDown();
      });
    }
    assertThat(first.await(10, TimeUnit.SECONDS)).isTrue();
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      expected.add(i);
    }
    assertThat(ran).containsExactlyElementsOf(expected);

    AtomicReference<Throwable> reported = new AtomicReference<>();
    CompletableFuture<String> afterThrow = new CompletableFuture<>();
    t.execute(() -> {
      Thread.currentThread().setUncaughtExceptionHandler((th, e) -> reported.set(e));
      throw new IllegalStateException("boom");
    });
    t.execute(() -> afterThrow.complete("still running"));
    assertThat(afterThrow.get(10, TimeUnit.SECONDS)).isEqualTo("still running");
    assertThat(reported.get()).hasMessage("boom");

    Thread.sleep(TimeUnit.NANOSECONDS.toMillis(3 * OptimiserThread.WARM_NANOS)); // now blocked
    CompletableFuture<String> woken = CompletableFuture.supplyAsync(() -> "woken", t);
    assertThat(woken.get(10, TimeUnit.SECONDS)).isEqualTo("woken");
  }
}
