package org.apophenia.legion.api;

import java.util.Objects;

/**
 * One field of a {@link FieldSpace} (Legion thesis §2.2.3). Immutable, thread-safe.
 *
 * @param space id of the owning field space
 * @param id index within the space, {@code 0 <= id < FieldSpace.MAX_FIELDS}: its bit in a field mask
 * @param name unique within the space
 * @param type element type
 */
public record Field(int space, int id, String name, FieldType type) {
  public Field {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  /** This field's bit in a field mask. */
  public long bit() {
    return 1L << id;
  }
}
