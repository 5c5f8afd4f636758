package org.apophenia.samples.ports;

import java.util.List;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;
import org.apophenia.samples.numpy.Np;
import org.apophenia.samples.numpy.NpArray;

/**
 * The driver side of a NumPy program ported to {@link Np}: adapts it to {@link Sample} so
 * {@code apophenia run} can run it in any mode. The program ({@link #setup(Np, int)},
 * {@link #step(Np, int)}) never mentions tracing or memory; this adapter marks the end of each loop
 * iteration ({@link Np#iterationBoundary}), where unreferenced arrays go back to the pool. The run's
 * checksum covers {@link #resultArrays()}. A fresh instance per run.
 */
public abstract class PortedSample implements Sample {
  private Np np;

  /** Creates the program's arrays; {@code size} is the sample's problem size. */
  protected abstract void setup(Np np, int size);

  /** One iteration of the program's main loop. */
  protected abstract void step(Np np, int i);

  /** The arrays whose bits make the checksum, in the order the NumPy original's script hashes them. */
  protected abstract List<NpArray> resultArrays();

  /** A one-line summary of the result, or a {@link org.apophenia.samples.apps.SampleCheckException}. */
  protected abstract String verify(Np np);

  @Override
  public final void setup(ArrayContext ctx, int size) {
    np = Np.of(ctx);
    setup(np, size);
  }

  @Override
  public final void step(ArrayContext ctx, int i) {
    step(np, i);
    np.iterationBoundary(this); // the program keeps its arrays in its fields
  }

  @Override
  public final List<NdArray> results() {
    return List.of();
  }

  @Override
  public final List<double[]> resultValues() {
    return resultArrays().stream().map(NpArray::toDoubles).toList();
  }

  @Override
  public final String verify(ArrayContext ctx) {
    return verify(np);
  }

  /** The module of this run, for tests. */
  Np np() {
    return np;
  }
}
