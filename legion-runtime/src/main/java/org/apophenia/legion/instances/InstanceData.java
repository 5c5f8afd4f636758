package org.apophenia.legion.instances;

import org.apophenia.legion.api.FieldType;

/**
 * The values of one field of a region tree in one memory: a physical instance's array over the tree's
 * root rectangle, indexed by row-major offset. Its element kind follows the field's {@link FieldType}:
 * a DOUBLE field is a {@link DoubleData} ({@code double[]}), so that dense tile loops run over plain
 * doubles, which C2 vectorises; LONG and INT fields are a {@link LongData} ({@code long[]}), since a
 * double cannot hold every 64-bit integer.
 *
 * <p>Either kind reads and writes any 64-bit pattern exactly through {@link #bits} and
 * {@link #setBits} (a double by its raw bits, NaN payloads included: {@code Double.longBitsToDouble}
 * and {@code doubleToRawLongBits} move bits unchanged on the x86-64 and AArch64 JVMs), so an
 * accessor's integer view of a double field, fills, copies between fields of different kinds and
 * reduction operators (which fold raw bits) give the same bits as when every field was a
 * {@code long[]}. Indices are not checked beyond the array's bounds. Not thread-safe.
 */
public sealed interface InstanceData permits DoubleData, LongData {

  /** Number of values. */
  int length();

  /** The 64 bits stored at {@code i} (a double's raw bits). */
  long bits(int i);

  /** Stores the 64 bits {@code v} at {@code i}. */
  void setBits(int i, long v);

  /** The value at {@code i} read as a double (a long's bits reinterpreted). */
  double getDouble(int i);

  /** Stores {@code v} at {@code i} by its raw bits. */
  void setDouble(int i, double v);

  /** Copies the value at {@code from} of {@code src} to {@code to}, bit for bit, whatever their kinds. */
  void copy(int to, InstanceData src, int from);
}
