package org.apophenia.sim;

/** What an operation is for; the timelines colour and filter by it. */
public enum Category {
  /** An application task running on a CPU or GPU. */
  TASK,
  /** A copy between memories. */
  COPY,
  /** A fill of a memory with a value. */
  FILL,
  /** The runtime's dependence analysis, charged to a utility processor. */
  ANALYSIS,
  /** The runtime replaying a memoized trace, charged to a utility processor. */
  REPLAY,
  /** Zero-duration synchronisation: merges, fences, barriers, user events. Never on a timeline. */
  SYNC;

  /** Lower-case name, as used in the Chrome trace {@code cat} field. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
