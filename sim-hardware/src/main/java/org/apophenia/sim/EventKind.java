package org.apophenia.sim;

/**
 * What an operation of the {@link Engine}'s event graph is, by how the engine runs it: activities
 * that occupy a resource (a task or runtime work on a processor, a copy or fill on channels) and
 * zero-duration synchronisation (merges, fences, barriers, user events). These are simulator events,
 * not the runtime's operation kinds. The engine keeps one byte per operation, the kind's
 * {@link #ordinal()}; {@link #of} reads it back.
 */
enum EventKind {
  TASK(Category.TASK),
  ANALYSIS(Category.ANALYSIS),
  REPLAY(Category.REPLAY),
  COPY(Category.COPY),
  FILL(Category.FILL),
  MERGE(Category.SYNC),
  FENCE(Category.SYNC),
  BARRIER(Category.SYNC),
  USER(Category.SYNC);

  /** {@code values()} allocates a copy per call: read through this one. */
  private static final EventKind[] BY_CODE = values();

  /** How timelines colour and filter the operation's span. */
  final Category category;
  /** The byte the engine stores per operation. */
  final byte code;

  EventKind(Category category) {
    this.category = category;
    this.code = (byte) ordinal();
  }

  static EventKind of(byte code) {
    return BY_CODE[code];
  }

  /** Whether the operation runs on a processor (and may carry a body run when it starts). */
  boolean onProcessor() {
    return switch (this) {
      case TASK, ANALYSIS, REPLAY -> true;
      case COPY, FILL, MERGE, FENCE, BARRIER, USER -> false;
    };
  }

  /** Whether the operation moves over the channels of a route, hop after hop. */
  boolean onChannels() {
    return switch (this) {
      case COPY, FILL -> true;
      case TASK, ANALYSIS, REPLAY, MERGE, FENCE, BARRIER, USER -> false;
    };
  }
}
