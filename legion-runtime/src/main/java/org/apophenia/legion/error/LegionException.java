package org.apophenia.legion.error;

/**
 * A user mistake detected by the runtime. The message names the operation, region, fields and
 * privileges involved. Thrown before the runtime's state changes, so the runtime stays usable.
 */
public class LegionException extends RuntimeException {
  public LegionException(String message) {
    super(message);
  }
}
