package org.apophenia.legion.error;

/** A field that is not in the region's field space. Leaves the runtime usable. */
public final class FieldException extends LegionException {
  public FieldException(String message) {
    super(message);
  }
}
