package org.apophenia.bench.autotrace;

import java.util.concurrent.TimeUnit;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.Knobs;
import org.apophenia.autotrace.TraceSink;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Cost added on the application thread per operation against a no-op sink: hashing, the history
 * buffer, trie pointers, the pending queue, and any wait at an ingestion point. Each invocation issues
 * one 3-requirement launch of an endless stream; {@code SampleTime} gives the distribution (read
 * p0.50); run with {@code -prof gc} for bytes allocated per op (all threads, mining included). The
 * difference between {@code apophenia} and {@code noOpSink} is the added cost. Streams: {@code
 * 64:0.0}, a pure loop (after warm-up, every op is inside a known trace: the steady state);
 * {@code 64:1.0}, nothing ever repeats (searching: no trace is ever known); and two mixes. Mining runs
 * on the interceptor's own background thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class InterceptorOverheadBenchmark {
  /** Loop period of the stream, and the fraction of operations with fresh arguments. */
  @Param({"64:0.0", "64:1.0", "64:0.05", "500:0.02"})
  public String stream;

  /**
   * {@code default}, {@code adaptive} (defaults with {@code adaptiveWait}), {@code run1} (defaults
   * with {@code backOffResetRun} 1, the former default) or {@code legion}.
   */
  @Param({"default", "adaptive", "run1", "legion"})
  public String settings;

  private BenchOp[] ops;
  private int next;
  private Interceptor<BenchOp> apophenia;
  private TraceSink<BenchOp> sink;

  @Setup(Level.Trial)
  public void setUp(Blackhole bh) {
    String[] p = stream.split(":");
    ops = BenchOp.loop(1 << 20, Integer.parseInt(p[0]), Double.parseDouble(p[1]), 42);
    sink = new TraceSink<>() {
      @Override
      public void op(BenchOp op) {
        bh.consume(op);
      }

      @Override
      public void beginTrace(long id) {
        bh.consume(id);
      }

      @Override
      public void endTrace(long id) {
        bh.consume(id);
      }
    };
    ApopheniaSettings c = switch (settings) {
      case "legion" -> ApopheniaSettings.legion();
      case "adaptive" -> ApopheniaSettings.defaults().toBuilder().set(Knobs.ADAPTIVE_WAIT, true).build();
      case "run1" -> ApopheniaSettings.defaults().toBuilder().set(Knobs.BACK_OFF_RESET_RUN, 1).build();
      default -> ApopheniaSettings.defaults();
    };
    apophenia = Interceptor.builder(BenchOp.TOKENIZER, sink).settings(c).build();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    apophenia.close();
  }

  private BenchOp nextOp() {
    BenchOp op = ops[next];
    next = (next + 1) & (ops.length - 1);
    return op;
  }

  /** The baseline: the operation goes straight to the sink. */
  @Benchmark
  public void noOpSink() {
    sink.op(nextOp());
  }

  /** The tokenizer alone (part of the added cost). */
  @Benchmark
  public long tokenOnly() {
    return BenchOp.TOKENIZER.token(nextOp());
  }

  /** Through Apophenia. */
  @Benchmark
  public void apophenia() {
    apophenia.execute(nextOp());
  }
}
