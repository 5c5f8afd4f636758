package org.apophenia.samples.adapter;

import java.util.List;
import java.util.Objects;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;

/**
 * An operation an array program issues, as a value: what the array library hands to its adapter
 * ({@code samples.adapter.RuntimeAdapter#issue}), what the Apophenia interceptor hashes and buffers,
 * and what the adapter's sink later turns into a runtime call. A closed family; today every array
 * operation is one index launch over the tiles of its operands (as in cuPyNumeric), so the family has
 * one member. Immutable except for the {@link ResultSlot} through which a reduction's future is handed
 * back to the application once the operation has actually been issued.
 */
public sealed interface ArrayOp permits ArrayOp.IndexTask {

  /** Short name for messages, timelines and trace dumps. */
  String name();

  /**
   * One index launch.
   *
   * @param taskId the registered task (one per kernel and tile volume)
   * @param name the kernel's name, e.g. {@code sub} or {@code matvec}
   * @param domain launch domain, {@code [0, tiles-1]}
   * @param requirements projected or whole-region requirements, in the kernel's argument order
   * @param args scalar arguments (not part of the token: they do not affect the analysis)
   * @param futureReduction how the points' values are folded into one future, or null
   * @param result where the sink puts the launch's future (for reductions), or null
   */
  record IndexTask(int taskId, String name, Rect domain, List<RegionRequirement> requirements, List<Object> args,
      ReductionOp futureReduction, ResultSlot result) implements ArrayOp {
    public IndexTask {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(domain, "domain");
      requirements = List.copyOf(requirements);
      args = List.copyOf(args);
    }
  }

  /**
   * The future of an operation that may still sit in the interceptor's pending queue: filled by the
   * adapter's sink when the operation reaches the runtime, read by the program's wait. Not
   * thread-safe; application thread only.
   */
  final class ResultSlot {
    private Future future;

    /** Called once, by the sink that hands the operation to the runtime, with the launch's future. */
    public void set(Future f) {
      future = f;
    }

    /** The future, or null while the operation has not been forwarded to the runtime. */
    public Future future() {
      return future;
    }
  }
}
