package org.apophenia.legion;

/** Element types of a field. Every value is stored in 64 bits (doubles by their raw bit pattern). */
public enum FieldType {
  DOUBLE, LONG, INT
}
