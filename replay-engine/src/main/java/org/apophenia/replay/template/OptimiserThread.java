package org.apophenia.replay.template;

import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * The one daemon thread behind {@link Optimisation}: runs what it is given in submission order.
 *
 * <p>Why not {@code Executors.newSingleThreadExecutor}: handing work to a thread that blocks waiting
 * for it wakes it with a futex system call (in a virtual machine, an inter-processor interrupt), and
 * the submitting application thread pays for it on every recording of a stream of them. So while
 * it has run something in the last {@value #WARM_NANOS} ns the thread polls every
 * {@value #POLL_NANOS} ns instead (a steady stream of recordings never wakes it; a recording waits at
 * most that long before its optimisation starts); after that it blocks, and the next submission
 * wakes it.
 *
 * <p>A task that throws is reported to the thread's uncaught-exception handler and the thread goes
 * on ({@code CompletableFuture}'s tasks, what {@link Optimisation} submits, keep their failures to
 * themselves). Thread-safe.
 */
final class OptimiserThread implements Executor {
  static final long POLL_NANOS = 50_000;
  static final long WARM_NANOS = 5_000_000;

  private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  /** Whether the thread blocks (or is about to) until unparked. */
  private volatile boolean sleeping;

  OptimiserThread(String name) {
    thread = new Thread(this::loop, name);
    thread.setDaemon(true); // the application does not wait for it to exit
    thread.start();
  }

  @Override
  public void execute(Runnable task) {
    queue.offer(Objects.requireNonNull(task, "task"));
    if (sleeping) { // read after the offer; the thread sets it before its last look at the queue
      LockSupport.unpark(thread);
    }
  }

  private void loop() {
    long lastWork = System.nanoTime();
    while (true) {
      Runnable task = queue.poll();
      if (task != null) {
        try {
          task.run();
        } catch (Throwable t) {
          thread.getUncaughtExceptionHandler().uncaughtException(thread, t);
        }
        lastWork = System.nanoTime();
      } else if (System.nanoTime() - lastWork < WARM_NANOS) {
        LockSupport.parkNanos(this, POLL_NANOS);
      } else {
        sleeping = true;
        if (queue.isEmpty()) {
          LockSupport.park(this); // may return spuriously: the loop looks again
        }
        sleeping = false;
      }
    }
  }
}
