package org.apophenia.samples.apps;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;

/**
 * Training a two-layer perceptron (ReLU hidden layer, squared loss) by full-batch gradient descent on
 * a seeded regression problem: forward, backward and update per layer each step, and a validation
 * pass every 4 steps whose loss the program waits for (FlexFlow's training loop in spirit). The
 * validation loss must fall.
 */
public final class Mlp implements Sample {
  private static final double LR = 0.05;
  private NdArray x;
  private NdArray xt;
  private NdArray y;
  private NdArray xv;
  private NdArray yv;
  private NdArray w1;
  private NdArray w2;
  private int batch;
  private final List<Double> validation = new ArrayList<>();

  @Override public String name() { return "mlp"; }
  @Override public String description() { return "two-layer perceptron training, validation every 4 steps"; }
  @Override public int defaultSize() { return 32; }
  @Override public int defaultIterations() { return 200; }
  @Override public int manualTraceIterations() { return 4; }
  @Override public int manualTraceStart() { return 4; }

  @Override
  public void setup(ArrayContext np, int n) {
    batch = 4 * n;
    int hidden = 2 * n;
    int out = 2;
    x = np.let(np.random(11, batch, n).sub(0.5));
    xt = np.let(x.transpose());
    NdArray truth = np.let(np.random(12, n, out).sub(0.5));
    y = np.let(x.matmul(truth).tanh());
    xv = np.let(np.random(13, batch, n).sub(0.5));
    yv = np.let(xv.matmul(truth).tanh());
    np.release(truth);
    w1 = np.let(np.random(14, n, hidden).sub(0.5).mul(2.0 / Math.sqrt(n)));
    w2 = np.let(np.random(15, hidden, out).sub(0.5).mul(2.0 / Math.sqrt(hidden)));
  }

  @Override
  public void step(ArrayContext np, int i) {
    NdArray h = np.let(x.matmul(w1).maximum(0.0));             // forward
    NdArray err = np.let(h.matmul(w2).sub(y));
    NdArray dOut = np.let(err.mul(2.0 / batch));                 // backward
    NdArray dW2 = np.let(h.transpose().matmul(dOut));
    NdArray dH = np.let(dOut.matmul(w2.transpose()).mul(h.gt(0.0)));
    NdArray dW1 = np.let(xt.matmul(dH));
    w1 = np.rebind(w1, w1.sub(dW1.mul(LR)));                     // update
    w2 = np.rebind(w2, w2.sub(dW2.mul(LR)));
    for (NdArray a : List.of(h, err, dOut, dW2, dH, dW1)) {
      np.release(a);
    }
  }

  @Override
  public boolean monitor(ArrayContext np, int i) {
    if (i % 4 == 3) {
      validation.add(loss(np, xv, yv));
    }
    return false;
  }

  private double loss(ArrayContext np, NdArray in, NdArray target) {
    NdArray err = np.let(in.matmul(w1).maximum(0.0).matmul(w2).sub(target));
    double l = np.mean(err.mul(err)).get();
    np.release(err);
    return l;
  }

  @Override
  public List<NdArray> results() {
    return List.of(w1, w2);
  }

  @Override
  public String verify(ArrayContext np) {
    double last = loss(np, xv, yv);
    double first = validation.isEmpty() ? Double.NaN : validation.get(0);
    SampleCheckException.require(validation.isEmpty() || last < first,
        "mlp: the validation loss did not fall: " + validation + ", then " + last);
    return String.format("validation loss %.5f (first check %.5f)", last, first);
  }
}
