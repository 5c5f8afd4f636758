package org.apophenia.samples.numpy;

import java.lang.ref.PhantomReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Python's reference counting, recovered from the garbage collector at points the program cannot
 * tell apart run to run. Every buffer an array allocates gets an {@link Owner}, held by that array
 * and by each of its views and by nothing else; a phantom reference watches it. When the pool has no
 * free buffer of the size asked for, {@link #collect} runs a full collection ({@link System#gc()},
 * which returns after reference processing) and frees, in region order, every buffer whose owner is
 * no longer reachable; only then is a new region made.
 *
 * <p>Why on a pool miss, not with a {@code Cleaner}: a cleaner frees whenever the collector happens
 * to run, so two runs of the same program would reuse different regions and issue different tokens.
 * Collecting exactly when a new region would otherwise be made ties the moment to the program, so the
 * pool's steady state (and the repeated token sequence the tracer finds) is the program's. What can
 * still differ between runs is the reachability of a local variable after its last use (the
 * interpreter keeps it, compiled code may not): that changes which regions are reused, never a value.
 *
 * <p>Cost: one full collection per pool miss; in a loop's steady state the pool rarely misses
 * (measured in the README). Not thread-safe.
 */
final class Lifetimes {
  /** The object whose reachability is the buffer's: arrays and views share it, nothing else holds it. */
  static final class Owner {}

  private record Watch(PhantomReference<Owner> ref, Buffer buffer, int generation) {}

  private final List<Watch> watched = new ArrayList<>();
  private long collections;
  private long freed;

  /** Starts watching {@code owner}, the owner of {@code buffer}. */
  void watch(Owner owner, Buffer buffer) {
    watched.add(new Watch(new PhantomReference<>(owner, null), buffer, buffer.generation));
  }

  /** Whether a collection could free anything. */
  boolean any() {
    return !watched.isEmpty();
  }

  /** Collects and returns the buffers whose owners died, releasing each into {@code pool}. */
  int collect(Pool pool) {
    System.gc();
    collections++;
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
}
