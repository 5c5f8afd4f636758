package org.apophenia.samples.numpy;

import java.lang.ref.PhantomReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Python's reference counting, recovered at points the program cannot tell apart run to run: the end
 * of each iteration of its main loop ({@link Np#iterationBoundary}, called by the loop's driver,
 * never by the program). There the loop body's frames are gone, so what is reachable is exactly what
 * the program keeps (no dependence on how the JIT treats dead locals), the free set is the same at
 * every boundary of the steady state, and each iteration issues the same regions: the repeated token
 * sequence automatic tracing looks for. Dead buffers are freed in region order.
 *
 * <p>Two ways to know what died. A collection: every buffer an array allocates gets an
 * {@link Owner}, held by that array and its views and by nothing else, watched by a phantom
 * reference; {@link System#gc()} returns after reference processing, so every owner that was
 * unreachable is cleared by then. It costs a full collection per iteration, which grows with the
 * heap and dominated the ported programs' runs (README, "Temporaries without annotations"). Or, when
 * the driver passes the program object ({@link #collect(Pool, Object)}), a walk of its fields
 * ({@link Reachability}): proportional to the objects the program keeps, not to the heap, and the
 * same answer as long as the program keeps its arrays in its own fields, which the first
 * {@link #VERIFIED_BOUNDARIES} boundaries check against a collection (disagreement or a field the walk
 * cannot follow: collections for good). An array kept only where neither the walk nor those first
 * checks saw it (say, a static field of another class, first written later) would have its buffer
 * reused; its next use then fails with "was released" (the buffer's generation moved on), never
 * silently.
 *
 * <p>Why not a {@code Cleaner}: it frees whenever the collector happens to run, so two runs would
 * reuse different regions and issue different tokens. Why not at every pool miss: a loop that
 * allocates while the previous value is alive (every {@code pn = p.copy()}) would miss, hence collect,
 * once per inner iteration. As a safety net for a program without a driver, a pool miss collects once
 * {@link #SAFETY_ALLOCATIONS} arrays were made since the last collection. Not thread-safe.
 */
final class Lifetimes {
  /** The object whose reachability is the buffer's: arrays and views share it, nothing else holds it. */
  static final class Owner {}

  private record Watch(PhantomReference<Owner> ref, Buffer buffer, int generation) {}

  /** Boundaries at which a walk of the program is checked against a collection before it is trusted. */
  static final int VERIFIED_BOUNDARIES = 3;

  /** Allocations after which a pool miss collects even without an iteration boundary. */
  static final int SAFETY_ALLOCATIONS = 1 << 14;

  private final List<Watch> watched = new ArrayList<>();
  private long sinceCollection;
  private long collections;
  private long freed;
  private long collectNanos;
  private long walks;
  private long walkOnlyNanos;
  private int verified;
  private boolean walkTrusted = true;

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
    int n = release(deadByCollector(), pool);
    collectNanos += System.nanoTime() - t0;
    return n;
  }

  /**
   * Releases the buffers of the arrays {@code program} no longer keeps: the first
   * {@link #VERIFIED_BOUNDARIES} times by a collection, checking that a walk of the program's fields
   * ({@link Reachability}) finds exactly the same dead buffers, then by the walk alone. If the walk
   * gives up or disagrees once (an array kept where it cannot see), collections for good.
   */
  int collect(Pool pool, Object program) {
    long t0 = System.nanoTime();
    List<Buffer> dead;
    if (walkTrusted && verified >= VERIFIED_BOUNDARIES) {
      Set<Buffer> live = Reachability.liveBuffers(program);
      walks++;
      if (live != null) {
        dead = deadByWalk(live);
        walkOnlyNanos += System.nanoTime() - t0;
      } else {
        walkTrusted = false;
        dead = deadByCollector();
      }
    } else if (walkTrusted) {
      Set<Buffer> live = Reachability.liveBuffers(program);
      walks++;
      Set<Buffer> byWalk = live == null ? null : deadBesides(live); // before the collector's watches go
      dead = deadByCollector();
      if (byWalk == null || !sameBuffers(dead, byWalk)) {
        walkTrusted = false;
      } else {
        verified++;
      }
    } else {
      dead = deadByCollector();
    }
    int n = release(dead, pool);
    collectNanos += System.nanoTime() - t0;
    return n;
  }

  /** Runs the collector; removes the watches whose owners it cleared and returns their buffers. */
  private List<Buffer> deadByCollector() {
    System.gc();
    collections++;
    sinceCollection = 0;
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
    return dead;
  }

  /** Removes the watches of buffers not in {@code live} and returns those buffers. */
  private List<Buffer> deadByWalk(Set<Buffer> live) {
    sinceCollection = 0; // as good as a collection: the safety net counts from here
    List<Buffer> dead = new ArrayList<>();
    for (Iterator<Watch> it = watched.iterator(); it.hasNext(); ) {
      Watch w = it.next();
      if (w.buffer.free || w.buffer.generation != w.generation) {
        it.remove(); // released explicitly since
      } else if (!live.contains(w.buffer)) {
        it.remove();
        dead.add(w.buffer);
      }
    }
    return dead;
  }

  /** The watched, owned buffers not in {@code live}, without touching the watches. */
  private Set<Buffer> deadBesides(Set<Buffer> live) {
    Set<Buffer> dead = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Watch w : watched) {
      if (!w.buffer.free && w.buffer.generation == w.generation && !live.contains(w.buffer)) {
        dead.add(w.buffer);
      }
    }
    return dead;
  }

  private static boolean sameBuffers(List<Buffer> byCollector, Set<Buffer> byWalk) {
    return byCollector.size() == byWalk.size() && byWalk.containsAll(byCollector);
  }

  /** Frees {@code dead} into {@code pool} in region order (the pool's choice does not depend on it). */
  private int release(List<Buffer> dead, Pool pool) {
    dead.sort((x, y) -> Integer.compare(x.root.id(), y.root.id()));
    for (Buffer b : dead) {
      pool.release(b);
    }
    freed += dead.size();
    return dead.size();
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

  /** Walks of a program's fields made at iteration boundaries (checks included). */
  long walks() {
    return walks;
  }

  /** Wall time of the boundaries decided by a walk alone (no collection). */
  long walkOnlyNanos() {
    return walkOnlyNanos;
  }

  /** Whether boundaries with a program object are decided by walking it (false once it failed). */
  boolean walkTrusted() {
    return walkTrusted;
  }

  /** Wall time spent in {@link #collect}, the collector's included. */
  long collectNanos() {
    return collectNanos;
  }
}
