package org.apophenia.legion.instances;

/**
 * A DOUBLE field's instance: its values as a {@code double[]}, the array dense tile views loop over
 * (see {@link InstanceData} for the contract). Not thread-safe.
 */
public final class DoubleData implements InstanceData {
  private final double[] values;

  /** The instance holding {@code values} (kept, not copied). */
  public DoubleData(double[] values) {
    this.values = values;
  }

  /** The values themselves, not a copy. */
  public double[] values() {
    return values;
  }

  @Override
  public int length() {
    return values.length;
  }

  @Override
  public long bits(int i) {
    return Double.doubleToRawLongBits(values[i]);
  }

  @Override
  public void setBits(int i, long v) {
    values[i] = Double.longBitsToDouble(v);
  }

  @Override
  public double getDouble(int i) {
    return values[i];
  }

  @Override
  public void setDouble(int i, double v) {
    values[i] = v;
  }

  @Override
  public void copy(int to, InstanceData src, int from) {
    values[to] = src instanceof DoubleData d ? d.values[from] : Double.longBitsToDouble(src.bits(from));
  }
}
