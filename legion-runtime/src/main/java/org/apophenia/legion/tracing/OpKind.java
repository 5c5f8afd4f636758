package org.apophenia.legion.tracing;

/**
 * The kinds of operation an application issues that a trace can hold, all recorded and replayed:
 * tasks (single or index-launch points), fills, copies, reduction copies (the destination folds the
 * source in with a reduction operator) and execution fences. Inline mappings and blocking waits are
 * untraceable and have no kind here.
 *
 * <p>The one vocabulary of operation kinds: code that treats kinds differently does so in switch
 * expressions over this enum, which the compiler checks are exhaustive, so a new kind is a compile
 * error everywhere it must be handled. Arrays indexed by kind use {@link #ordinal()} and size
 * themselves with {@link #COUNT}.
 */
public enum OpKind {
  TASK, FILL, COPY, REDUCTION_COPY, FENCE;

  /** How many kinds there are: the length of an array indexed by {@link #ordinal()}. */
  public static final int COUNT = values().length;
}
