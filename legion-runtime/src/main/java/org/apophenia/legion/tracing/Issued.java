package org.apophenia.legion.tracing;

import java.util.Objects;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;

/**
 * One graph-calculus command as the runtime issued it on the simulator (dynamic tracing paper §IV-A):
 * {@code result := operation(..., operation.precondition())}. A merge is an {@link Operation.Merge}.
 * Immutable value; the operation's body (if any) is bound to the original operation's data.
 *
 * @param operation the exact simulator operation submitted
 * @param result the event it returned
 */
public record Issued(Operation operation, Event result) {
  public Issued {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(result, "result");
  }
}
