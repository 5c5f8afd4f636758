package org.apophenia.legion;

import it.unimi.dsi.fastutil.ints.Int2ObjectLinkedOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;

/**
 * The front door's memo of traced launches: for each recent trace id, the task launches of its last
 * instance in issue order, resolved against the region tree, validated, projected per point and named.
 * Used only while a trace is open with a trace engine installed.
 *
 * <p>Why it is sound. A trace is the application's promise that its instances repeat; the engine
 * memoizes the dependence analysis on it and the front door memoizes its own work the same way.
 * Validating a launch (handles of this runtime and alive, parent an ancestor, fields allocated,
 * reduction operators registered, requirements and points not interfering) reads only what cannot
 * change for a launch that names the same task definition, domain and equal requirements: region and
 * partition handles and the tree's shape are immutable, field spaces and reduction operators only
 * grow, projection functors are pure, and destruction is the one change, caught by the runtime's
 * destruction count recorded with each entry. So a launch that matches the entry at its position
 * passes with the same resolution, projections and names; any other launch takes the full path and
 * reports its errors as before, and replaces the entry.
 *
 * <p>Bounded: the launches of at most {@link #MAX_TRACES} trace ids, least recently used evicted. Every
 * instance is memoized, the first included: a recording made of the first instance then holds the
 * very requirement lists that later instances hand the engine, which compares them by identity. A
 * put costs one hash look-up per instance, not per launch, and nothing is copied.
 * Cost: O(1) per look-up plus the requirement comparison. Not thread-safe.
 */
final class TraceLaunches {
  static final int MAX_TRACES = 64;

  /**
   * One validated launch (a single task is one point with an empty point array).
   *
   * @param def the task definition it was validated against (compared by identity)
   * @param domain the index-launch domain, null for a single task
   * @param requirements the launcher's requirements, as validated
   * @param destructions the runtime's destruction count when validated
   * @param resolved per point, its resolved requirements
   * @param projected per point, its projected requirements (an immutable list shared by every
   *     instance, so that an engine comparing them finds the very same list)
   * @param points per point, its coordinates
   * @param names per point, the task's name
   * @param launchName the name of the index launch's future, null for a single task
   */
  record Launch(TaskDefinition def, Rect domain, List<RegionRequirement> requirements, long destructions,
      List<Resolved>[] resolved, List<RegionRequirement>[] projected, long[][] points, String[] names,
      String launchName) {
    int size() {
      return names.length;
    }

    /** Whether a launch of {@code def} over {@code dom} with {@code reqs} is this one. O(requirements). */
    boolean matches(TaskDefinition d, Rect dom, List<RegionRequirement> reqs, long destroyed) {
      return d == def && destroyed == destructions && (dom == domain || dom != null && dom.equals(domain))
          && RegionRequirement.sameList(requirements, reqs);
    }
  }

  private final Int2ObjectLinkedOpenHashMap<ArrayList<Launch>> byTrace = new Int2ObjectLinkedOpenHashMap<>();

  /** The trace of the last look-up and its launches (null if none): one hash look-up per instance. */
  private int lastTrace = Integer.MIN_VALUE;
  private ArrayList<Launch> last;

  /** The launch at {@code position} of {@code trace}'s last instance, or null. */
  Launch get(int trace, int position) {
    if (trace != lastTrace) {
      lastTrace = trace;
      last = byTrace.getAndMoveToLast(trace); // recency is per trace instance, not per launch
    }
    ArrayList<Launch> l = last;
    return l == null || position >= l.size() ? null : l.get(position);
  }

  /** Remembers {@code launch} at {@code position} of {@code trace} (launches are remembered in order). */
  void put(int trace, int position, Launch launch) {
    ArrayList<Launch> l = trace == lastTrace ? last : byTrace.getAndMoveToLast(trace);
    if (l == null) {
      if (byTrace.size() >= MAX_TRACES) {
        byTrace.removeFirst();
      }
      l = new ArrayList<>();
      byTrace.put(trace, l);
    }
    lastTrace = trace; // l stays this trace's list until another trace is put or looked up
    last = l;
    while (l.size() > position) {
      l.remove(l.size() - 1); // this instance diverged here: what followed belongs to the old one
    }
    l.add(launch);
  }
}
