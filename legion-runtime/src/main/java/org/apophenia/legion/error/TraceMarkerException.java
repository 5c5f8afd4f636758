package org.apophenia.legion.error;

/** Unbalanced, nested or mismatched trace markers (tbegin/tend). Leaves the runtime usable. */
public final class TraceMarkerException extends LegionException {
  public TraceMarkerException(String message) {
    super(message);
  }
}
