package org.apophenia.legion.instances;

import org.apophenia.legion.api.ReductionOp;

/**
 * A LONG or INT field's instance, or a reduction instance: its values as a {@code long[]} of 64-bit
 * patterns (see {@link InstanceData} for the contract). Reduction instances hold raw bits whatever the
 * field's kind because a {@link ReductionOp} folds raw bits. Not thread-safe.
 */
public final class LongData implements InstanceData {
  private final long[] values;

  /** The instance holding {@code values} (kept, not copied). */
  public LongData(long[] values) {
    this.values = values;
  }

  /** The values themselves, not a copy. */
  public long[] values() {
    return values;
  }

  @Override
  public int length() {
    return values.length;
  }

  @Override
  public long bits(int i) {
    return values[i];
  }

  @Override
  public void setBits(int i, long v) {
    values[i] = v;
  }

  @Override
  public double getDouble(int i) {
    return Double.longBitsToDouble(values[i]);
  }

  @Override
  public void setDouble(int i, double v) {
    values[i] = Double.doubleToRawLongBits(v);
  }

  @Override
  public void copy(int to, InstanceData src, int from) {
    values[to] = src.bits(from);
  }
}
