package org.apophenia.legion.error;

/** Points of an index launch, or requirements of one operation, that interfere with each other. Leaves the runtime usable. */
public final class InterferenceException extends LegionException {
  public InterferenceException(String message) {
    super(message);
  }
}
