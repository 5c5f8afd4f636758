package org.apophenia.recorder;

import java.util.Locale;

/**
 * What a thread's buffer does when it is full because the background writer has not emptied it yet
 * ({@code --profile-overflow}). Whatever the policy, what it cost is counted and reported, never
 * silent: {@link ThreadStats#dropped()}, {@link ThreadStats#grown()}, {@link ThreadStats#blockedNanos()}.
 */
public enum Overflow {
  /**
   * The default: the thread moves on to a buffer twice as large and the writer drains the old one
   * first. Nothing is lost and the thread never waits; memory grows while the writer lags.
   */
  GROW("grow"),
  /**
   * The thread overwrites its oldest event not yet written, counting each one: memory stays bounded
   * and the thread never waits, at the price of the oldest unwritten events.
   */
  DROP_OLDEST("drop-oldest"),
  /**
   * The thread waits until the writer has made room: nothing is lost and memory stays bounded, at the
   * price of the application's time (FxT's behaviour when it flushes, but only when full).
   */
  BLOCK("block");

  private final String key;

  Overflow(String key) {
    this.key = key;
  }

  /** The name {@code --profile-overflow} takes. */
  public String key() {
    return key;
  }

  /** The policy named {@code key}; IllegalArgumentException naming it and the valid ones otherwise. */
  public static Overflow parse(String key) {
    String k = key == null ? "" : key.strip().toLowerCase(Locale.ROOT);
    for (Overflow o : values()) {
      if (o.key.equals(k)) {
        return o;
      }
    }
    throw new IllegalArgumentException("unknown overflow policy '" + key + "'; valid: grow, drop-oldest, block");
  }
}
