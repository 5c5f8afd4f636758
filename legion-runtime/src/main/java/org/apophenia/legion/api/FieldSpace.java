package org.apophenia.legion.api;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.error.FieldException;

/**
 * A set of named, typed fields, at most {@link #MAX_FIELDS} of them, so that any set of its fields is a
 * 64-bit field mask (Legion thesis §2.2.3, §4.3.3). Built by {@link LegionRuntime#createFieldSpace};
 * fields are added with {@link #allocate} before the space is used by a region. Not thread-safe while
 * fields are being allocated; immutable in practice afterwards.
 */
public final class FieldSpace {
  /** The static upper bound on fields per space: field sets are {@code long} bit masks. */
  public static final int MAX_FIELDS = 64;

  private final int id;
  private final List<Field> fields = new ArrayList<>();

  public FieldSpace(int id) {
    this.id = id;
  }

  public int id() {
    return id;
  }

  /** Adds a field; IllegalArgumentException if the name is taken or the space is full. O(fields). */
  public Field allocate(String name, FieldType type) {
    for (Field f : fields) {
      if (f.name().equals(name)) {
        throw new IllegalArgumentException("field space " + id + " already has a field named '" + name + "'");
      }
    }
    if (fields.size() == MAX_FIELDS) {
      throw new IllegalArgumentException("field space " + id + " is full (" + MAX_FIELDS + " fields)");
    }
    Field f = new Field(id, fields.size(), name, type);
    fields.add(f);
    return f;
  }

  public List<Field> fields() {
    return List.copyOf(fields);
  }

  /** The field named {@code name}; a {@link FieldException} if there is none. */
  public Field field(String name) {
    for (Field f : fields) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new FieldException("field space " + id + " has no field named '" + name + "' (it has "
        + fields.stream().map(Field::name).toList() + ")");
  }

  /** The type of the field with id {@code id}, which must be allocated. O(1). */
  public FieldType type(int id) {
    return fields.get(id).type();
  }

  /** Whether {@code f} was allocated in this space. */
  public boolean has(Field f) {
    if (f.space() != id || f.id() >= fields.size()) {
      return false;
    }
    Field own = fields.get(f.id());
    return own == f || own.equals(f);
  }

  /** Mask of all allocated fields. */
  public long allFields() {
    return fields.size() == 64 ? -1L : (1L << fields.size()) - 1;
  }

  /** The names of the fields in {@code mask}, for messages. */
  public String names(long mask) {
    StringBuilder sb = new StringBuilder("{");
    for (Field f : fields) {
      if ((mask & f.bit()) != 0) {
        sb.append(sb.length() > 1 ? ", " : "").append(f.name());
      }
    }
    return sb.append('}').toString();
  }

  @Override
  public String toString() {
    return "FieldSpace#" + id + fields.stream().map(Field::name).toList();
  }
}
