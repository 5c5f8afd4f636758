package com.example.toy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A toy task runtime, the kind one wraps with Apophenia: regions of doubles, tasks that read and write
 * them, a dependence analysis per task (the last writer of every region read and written), and
 * tracing: between {@link #beginTrace} and {@link #endTrace} the first occurrence of a trace id is
 * analysed and recorded, and later occurrences replay the recording without analysis, after checking
 * that each task is the recorded one. Tasks run eagerly (their results are ready when {@link #read}
 * is called). Single-threaded: the application thread.
 */
public final class ToyRuntime {
  private final List<double[]> regions = new ArrayList<>();
  private final List<Integer> lastWriter = new ArrayList<>();
  private final Map<Long, List<ToyTask>> recordings = new HashMap<>();
  private long openTrace = -1;
  private boolean replaying;
  private int position;
  private long tasks;
  private long analysed;
  private long replayed;
  private long dependences;

  /** A new region of {@code n} zeros; returns its id. */
  public int create(int n) {
    regions.add(new double[n]);
    lastWriter.add(-1);
    return regions.size() - 1;
  }

  /** Sets a region's values (setup, outside any trace). */
  public void fill(int region, double[] values) {
    System.arraycopy(values, 0, regions.get(region), 0, values.length);
  }

  /** Runs one task: analysed (or replayed inside a recorded trace), then executed. */
  public void submit(ToyTask t) {
    if (openTrace >= 0 && replaying) {
      List<ToyTask> rec = recordings.get(openTrace);
      if (position >= rec.size() || !rec.get(position).sameAs(t)) {
        throw new IllegalStateException("trace " + openTrace + ": task " + position + " (" + t.kernel()
            + ") is not the recorded one");
      }
      position++;
      replayed++;
    } else {
      analyse(t);
      if (openTrace >= 0) {
        recordings.get(openTrace).add(t);
      }
    }
    execute(t);
    lastWriter.set(t.write(), (int) tasks);
    tasks++;
  }

  /** The dependence analysis this runtime would memoize: the last writer of each region touched. */
  private void analyse(ToyTask t) {
    analysed++;
    for (int r : t.reads()) {
      if (lastWriter.get(r) >= 0) {
        dependences++;
      }
    }
    if (lastWriter.get(t.write()) >= 0) {
      dependences++;
    }
  }

  private void execute(ToyTask t) {
    double[] out = regions.get(t.write());
    double[] a = regions.get(t.reads()[0]);
    switch (t.kernel()) {
      case "scale" -> {
        for (int i = 0; i < out.length; i++) {
          out[i] = t.constant() * a[i];
        }
      }
      case "add" -> {
        double[] b = regions.get(t.reads()[1]);
        for (int i = 0; i < out.length; i++) {
          out[i] = a[i] + b[i];
        }
      }
      default -> throw new IllegalArgumentException("unknown kernel " + t.kernel());
    }
  }

  /** Opens an occurrence of trace {@code id}: recorded the first time, replayed afterwards. */
  public void beginTrace(long id) {
    if (openTrace >= 0) {
      throw new IllegalStateException("trace " + id + " begun inside trace " + openTrace);
    }
    openTrace = id;
    position = 0;
    replaying = recordings.containsKey(id);
    recordings.putIfAbsent(id, new ArrayList<>());
  }

  /** Closes trace {@code id}. */
  public void endTrace(long id) {
    if (openTrace != id || replaying && position != recordings.get(id).size()) {
      throw new IllegalStateException("trace " + id + " ended early or was not open");
    }
    openTrace = -1;
  }

  /** Element {@code i} of a region: what a program blocks on. */
  public double read(int region, int i) {
    return regions.get(region)[i];
  }

  /** A region's values. */
  public double[] values(int region) {
    return regions.get(region).clone();
  }

  /** Tasks run. */
  public long tasks() {
    return tasks;
  }

  /** Tasks analysed (untraced, or recorded in a trace's first occurrence). */
  public long analysed() {
    return analysed;
  }

  /** Tasks replayed from a recording, without analysis. */
  public long replayed() {
    return replayed;
  }
}
