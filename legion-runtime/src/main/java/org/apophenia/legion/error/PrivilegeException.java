package org.apophenia.legion.error;

/** A requirement not covered by the privileges its parent holds, or whose parent is not an ancestor of its region. Leaves the runtime usable. */
public final class PrivilegeException extends LegionException {
  public PrivilegeException(String message) {
    super(message);
  }
}
