package org.apophenia.samples.apps;

import java.util.List;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;

/**
 * One sample application: a small NumPy-style program over {@link ArrayContext}, cut at its main loop
 * so the driver can run it in any mode. The program itself never mentions tracing; the hand-placed
 * annotation used in {@code manual} mode is one number, {@link #manualTraceIterations()}, chosen the
 * way a careful programmer would (paper §2: around two Jacobi iterations, because the loop's arrays
 * alternate between two regions).
 *
 * <p>A sample holds its arrays between calls: make a fresh instance per run ({@link Samples}). It
 * needs nothing but the array library ({@code org.apophenia.samples.array}) and this interface: the
 * driver ({@link SampleRunner}) builds the runtime, the adapter for the mode and the context it is
 * given, and calls {@link #setup} once, then {@link #step} and {@link #monitor} once per iteration,
 * then {@link #results}/{@link #resultValues} and {@link #verify}, all on one thread.
 */
public interface Sample {
  /** The name used by {@code apophenia run}. */
  String name();

  /** One line for {@code --help}. */
  String description();

  /** The problem size {@code apophenia run} uses without {@code --size} (its meaning is the sample's). */
  int defaultSize();

  /** The loop iterations {@code apophenia run} runs without {@code --iterations}. */
  int defaultIterations();

  /**
   * The hand-placed annotation: a trace around this many consecutive loop iterations (starting at
   * iteration 0). {@link #monitor} must only block after the last iteration of such a group.
   */
  int manualTraceIterations();

  /**
   * The first iteration of the hand-placed traces: a careful programmer starts them once the loop's
   * arrays have settled into their steady state (the region pool's cycle).
   */
  default int manualTraceStart() {
    return 0;
  }

  /** Creates the problem of size {@code size} (its meaning is the sample's). */
  void setup(ArrayContext np, int size);

  /** The body of the main loop, iteration {@code i}. */
  void step(ArrayContext np, int i);

  /**
   * Called after {@link #step}, outside any hand-placed trace: the place for periodic checks that
   * wait on futures. Returns true to stop the loop (converged).
   */
  default boolean monitor(ArrayContext np, int i) {
    return false;
  }

  /** The arrays whose exact bits make the run's checksum (alive named arrays). */
  List<NdArray> results();

  /**
   * The values whose exact bits make the run's checksum, array by array in row-major order; by
   * default those of {@link #results()}. Samples over other array libraries (the NumPy ports)
   * override this instead.
   */
  default List<double[]> resultValues() {
    return results().stream().map(NdArray::toArray).toList();
  }

  /**
   * Checks the numbers (residual falls, conservation, ...) after the loop; returns a one-line
   * summary, throws {@link SampleCheckException} if they are wrong.
   */
  String verify(ArrayContext np);
}
