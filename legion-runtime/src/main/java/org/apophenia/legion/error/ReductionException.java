package org.apophenia.legion.error;

/** A reduction privilege with an unregistered operator. Leaves the runtime usable. */
public final class ReductionException extends LegionException {
  public ReductionException(String message) {
    super(message);
  }
}
