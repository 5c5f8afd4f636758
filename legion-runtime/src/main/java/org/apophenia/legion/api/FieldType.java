package org.apophenia.legion.api;

/**
 * Element types of a field. Every value is 64 bits. A DOUBLE field's instances are {@code double[]}
 * (what {@link Accessor#denseRead()} and {@link Accessor#denseWrite()} view); LONG and INT fields'
 * are {@code long[]}. Accessors read and write any field's values both as doubles and as raw 64-bit
 * patterns, exactly.
 */
public enum FieldType {
  DOUBLE, LONG, INT
}
