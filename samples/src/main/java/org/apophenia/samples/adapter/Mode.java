package org.apophenia.samples.adapter;

import java.util.Locale;

/**
 * How an array program is traced. Programs never place trace markers themselves; the mode decides:
 * {@link #NONE} analyses every operation, {@link #MANUAL} uses the sample's hand-placed annotations
 * (placed correctly, e.g. around two Jacobi iterations, paper §2), {@link #AUTO} lets Apophenia find
 * the traces. What each mode wires (trace engine, interceptor, sink) is {@code
 * samples.adapter.RuntimeAdapter}'s.
 */
public enum Mode {
  NONE, MANUAL, AUTO;

  /** The mode named {@code s} (case-insensitive); IllegalArgumentException naming the choices. */
  public static Mode parse(String s) {
    for (Mode m : values()) {
      if (m.name().equalsIgnoreCase(s)) {
        return m;
      }
    }
    throw new IllegalArgumentException("mode must be none, manual or auto, got '" + s + "'");
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
