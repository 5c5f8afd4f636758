package org.apophenia.samples.array;

import java.util.List;
import java.util.function.LongSupplier;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.adapter.RuntimeAdapter;

/**
 * What an array library built over an {@link ArrayContext} uses (the N-d NumPy subset in {@code
 * samples.numpy} is one): the context's runtime, field and tiling, kernel registration, and launches
 * issued through the same adapter as the context's own operations, so they are traced in every mode
 * alike, with the same blocking points. A program never needs it. Obtained from {@link
 * ArrayContext#extension()}; not thread-safe: the context's application thread.
 */
public final class Extension {
  private final RuntimeAdapter adapter;
  private final Kernels kernels;
  private final FieldSpace fieldSpace;
  private final Field field;
  private final int tiles;

  Extension(RuntimeAdapter adapter, Kernels kernels, FieldSpace fieldSpace, Field field, int tiles) {
    this.adapter = adapter;
    this.kernels = kernels;
    this.fieldSpace = fieldSpace;
    this.field = field;
    this.tiles = tiles;
  }

  /** The runtime the context's regions live in: for creating a library's own regions and partitions. */
  public LegionRuntime runtime() {
    return adapter.runtime();
  }

  /** The maximum number of tiles an operation is cut into (the index launch's width). */
  public int tiles() {
    return tiles;
  }

  /** The field space of every array region of the context. */
  public FieldSpace fieldSpace() {
    return fieldSpace;
  }

  /** The one 64-bit field every array region stores its elements in. */
  public Field field() {
    return field;
  }

  /**
   * The task id of {@code kernel} for tiles of {@code volume} points, registered (with its simulated
   * cost and the kernel time accounting) on first use; a later call with the same name, volume and
   * costs returns the same id and ignores {@code body}, so a body must read everything it varies on
   * from its arguments.
   */
  public int registerKernel(String kernel, long volume, double flopsPerPoint, double bytesPerPoint, TaskBody body) {
    return kernels.task(kernel, volume, flopsPerPoint, bytesPerPoint, body);
  }

  /**
   * Issues one index launch through the context's adapter (through Apophenia in {@code auto} mode),
   * counted like the built-in operations. {@code args} are not part of the operation's token.
   */
  public void issueIndexTask(int taskId, String name, Rect domain, List<RegionRequirement> requirements,
      List<Object> args) {
    adapter.issue(new ArrayOp.IndexTask(taskId, name, domain, requirements, args, null, null));
  }

  /**
   * Issues one index launch whose points' values (longs) are folded by {@code reduction} into a
   * future, like the built-in reductions; the returned supplier is the blocking wait for it (an
   * untraceable point only if the launch is still buffered by Apophenia or a trace is open).
   */
  public LongSupplier issueValueTask(int taskId, String name, Rect domain, List<RegionRequirement> requirements,
      List<Object> args, ReductionOp reduction) {
    ArrayOp.ResultSlot slot = new ArrayOp.ResultSlot();
    adapter.issue(new ArrayOp.IndexTask(taskId, name, domain, requirements, args, reduction, slot));
    return () -> {
      adapter.awaitResult(slot);
      if (slot.future() == null) {
        throw new IllegalStateException(name + " was not forwarded to the runtime before the wait");
      }
      return (Long) slot.future().get();
    };
  }

  /** Operations issued through the context so far, its own and the library's (the index of the next one). */
  public long opsIssued() {
    return adapter.opsIssued();
  }

  /**
   * The library is about to read, through an inline mapping, what operation {@code opIndex} (see
   * {@link #opsIssued()}) wrote: a blocking point, untraceable only if that operation has not reached
   * the runtime yet or a trace is open.
   */
  public void awaitIssued(long opIndex) {
    adapter.awaitIssued(opIndex);
  }

  /** Every issued operation reaches the runtime now: an untraceable point (before an inline read of unknown provenance). */
  public void blockingWait() {
    adapter.blockingWait();
  }
}
