package org.apophenia.legion.error;

/** A partition that does not fit its region (a different index space, a subregion outside the parent). Leaves the runtime usable. */
public final class PartitionException extends LegionException {
  public PartitionException(String message) {
    super(message);
  }
}
