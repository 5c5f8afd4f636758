package org.apophenia.legion.error;

/** Use of a destroyed region, partition, or of a future whose context was destroyed. Leaves the runtime usable. */
public final class DestroyedResourceException extends LegionException {
  public DestroyedResourceException(String message) {
    super(message);
  }
}
