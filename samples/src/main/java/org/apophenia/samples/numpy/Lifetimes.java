package org.apophenia.samples.numpy;

import java.lang.ref.PhantomReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Python's reference counting, recovered from the garbage collector at points the program cannot
 * tell apart run to run. Every buffer an array allocates gets an {@link Owner}, held by that array
 * and by each of its views and by nothing else; a phantom reference watches it. {@link #collect}
 * runs a full collection ({@link System#gc()} returns after reference processing, so every owner
 * that was unreachable is cleared by then) and frees, in region order, every buffer whose owner
 * died.
 *
 * <p>When: at the end of each iteration of the program's main loop ({@link Np#iterationBoundary},
 * called by the loop's driver, never by the program), and as a safety net at a pool miss once
 * {@link #SAFETY_ALLOCATIONS} arrays have been made since the last collection, so a program without
 * a driver still has bounded memory. Why not a {@code Cleaner}: it frees whenever the collector
 * happens to run, so two runs would reuse different regions and issue different tokens. Why not at
 * every pool miss: a loop that allocates while the previous value is alive (every {@code pn =
 * p.copy()}) would miss, hence collect, once per inner iteration: thousands of full collections.
 * At an iteration boundary the loop body's frames are gone, so what is reachable is exactly what
 * the program keeps in fields (no dependence on how the JIT treats dead locals), the free set is the
 * same at every boundary of the steady state, and each iteration issues the same regions: the
 * repeated token sequence automatic tracing looks for.
 *
 * <p>Cost: one full collection per iteration (measured in the README) and the regions of one
 * iteration's temporaries. Not thread-safe.
 */
final class Lifetimes {
  /** The object whose reachability is the buffer's: arrays and views share it, nothing else holds it. */
  static final class Owner {}

  private record Watch(PhantomReference<Owner> ref, Buffer buffer, int generation) {}

  /** Allocations after which a pool miss collects even without an iteration boundary. */
  static final int SAFETY_ALLOCATIONS = 1 << 14;

  private final List<Watch> watched = new ArrayList<>();
  private long sinceCollection;
  private long collections;
  private long freed;
  private long collectNanos;

  /** Starts watching {@code owner}, the owner of {@code buffer}. */
  void watch(Owner owner, Buffer buffer) {
    watched.add(new Watch(new PhantomReference<>(owner, null), buffer, buffer.generation));
    sinceCollection++;
  }

  /** Whether a pool miss should collect: many allocations since the last collection. */
  boolean due() {
    return sinceCollection >= SAFETY_ALLOCATIONS && !watched.isEmpty();
  }

  /** Collects and returns the buffers whose owners died, releasing each into {@code pool}. */
  int collect(Pool pool) {
    long t0 = System.nanoTime();
    System.gc();
    collections++;
    sinceCollection = 0;
    int n = 0;
    List<Buffer> dead = new ArrayList<>();
    for (Iterator<Watch> it = watched.iterator(); it.hasNext(); ) {
      Watch w = it.next();
      if (w.ref.refersTo(null)) {
        it.remove();
        if (!w.buffer.free && w.buffer.generation == w.generation) {
          dead.add(w.buffer);
        }
      }
    }
    dead.sort((x, y) -> Integer.compare(x.root.id(), y.root.id()));
    for (Buffer b : dead) {
      pool.release(b);
      n++;
    }
    freed += n;
    collectNanos += System.nanoTime() - t0;
    return n;
  }

  /** Stops watching {@code buffer} (released explicitly). */
  void forget(Buffer buffer) {
    watched.removeIf(w -> w.buffer == buffer);
  }

  long collections() {
    return collections;
  }

  long freed() {
    return freed;
  }

  /** Wall time spent in {@link #collect}, the collector's included. */
  long collectNanos() {
    return collectNanos;
  }
}
