package org.apophenia.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.cli.output.FileSet;
import org.apophenia.cli.streams.StreamFormat;
import org.apophenia.cli.streams.StreamOp;
import org.apophenia.cli.streams.StreamReader;
import org.apophenia.cli.streams.StreamTokenizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze}'s own structures (the recorder, the mining log, the reader) keep nothing per
 * operation, with or without {@code --out}. On a 300-task loop they retain the same amount of memory
 * at N and 10N operations (within 10%). With 0.5% random noise Apophenia keeps promoting new traces
 * (about five ids per thousand operations), and the only growth left is the per-trace-id
 * state the summary needs (one bit per id without {@code --out}; with it, one entry per id for
 * {@code traces.json}).
 */
class FlatMemoryTest {
  private static final int N = 10_000;

  @TempDir Path dir;

  /** What one analysis left behind. */
  record Retained(long ops, long recorderBytes, long skippedKept, Summary summary, long spillBytes, long promotions) {}

  /** A 300-task loop of {@code ops} operations; with {@code noise}, one op in 200 at random is noise. */
  private Path stream(int ops, boolean noise) throws IOException {
    Path f = dir.resolve("loop-" + ops + "-" + noise + ".txt");
    java.util.Random random = new java.util.Random(1);
    try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
      w.write("# starpu-capture v1\n");
      int k = 0;
      for (int i = 0; i < ops; i++) {
        if (noise && random.nextInt(200) == 0) {
          w.write("noise" + random.nextInt(50) + " 0x" + Integer.toHexString(random.nextInt(1 << 20)) + ":3\n");
        } else {
          w.write("t" + k + " 0x" + Integer.toHexString(1000 + k % 17) + ":1 0x" + Integer.toHexString(2000 + k % 23)
              + ":2\n");
          k = (k + 1) % 300;
        }
      }
    }
    return f;
  }

  /** Runs a stream of {@code ops} operations the way {@code analyze} does. */
  private Retained analyze(int ops, boolean noise, boolean out) throws IOException {
    Path f = stream(ops, noise);
    try (TraceSearchLog rec = out ? TraceSearchLog.spilling() : TraceSearchLog.counting();
        MiningLog mining = out ? MiningLog.recording() : MiningLog.counting()) {
      StreamReader reader = new StreamReader(f, StreamFormat.STARPU, true);
      try (Interceptor<StreamOp> apophenia = Interceptor.builder(StreamTokenizer.INSTANCE, rec)
          .settings(ApopheniaSettings.defaults()).listener(mining).build()) {
        reader.forEach(apophenia::execute);
        apophenia.flush();
      }
      long[] spilled = {0};
      if (out) {
        rec.forEachOp((i, token, id) -> spilled[0]++);
        try (FileSet set = FileSet.open(dir.resolve("out-" + ops + "-" + noise))) {
          ReportWriter.write(set, "t", rec, mining, java.util.Map.of(), 5000);
          set.commit();
        }
      }
      return new Retained(rec.ops(), rec.retainedBytes(), reader.skipped().size(), rec.summary(), spilled[0],
          mining.promotionCount());
    }
  }

  @Test
  void withoutOutTheRetainedSizeIsTheSameAtNAnd10N() throws IOException {
    Retained small = analyze(N, false, false);
    Retained large = analyze(10 * N, false, false);
    assertThat(large.ops()).isEqualTo(10L * small.ops());
    assertThat(large.summary().coverage()).as("the loop is traced").isGreaterThan(0.9);
    assertThat((double) large.recorderBytes()).as("retained bytes at 10N vs N")
        .isBetween(0.9 * small.recorderBytes(), 1.1 * small.recorderBytes());
    assertThat(large.skippedKept()).isZero();
  }

  @Test
  void withOutTheRetainedSizeIsTheSameAtNAnd10NAndTheRecordsAreOnDisk() throws IOException {
    Retained small = analyze(N, false, true);
    Retained large = analyze(10 * N, false, true);
    assertThat(large.spillBytes()).as("every op is recorded, on disk").isEqualTo(10L * N);
    assertThat((double) large.recorderBytes()).as("retained bytes at 10N vs N")
        .isBetween(0.9 * small.recorderBytes(), 1.1 * small.recorderBytes());
    assertThat(Files.readAllLines(dir.resolve("out-" + 10 * N + "-false").resolve("trace-search.csv")))
        .hasSize(10 * N + 1);
  }

  @Test
  void withNoiseOnlyNewTraceIdsAddMemory() throws IOException {
    Retained small = analyze(N, true, false);
    Retained large = analyze(10 * N, true, false);
    assertThat(large.summary().tracesRecorded()).as("noise makes Apophenia promote new traces")
        .isGreaterThan(small.summary().tracesRecorded());
    // one bit per id up to the largest issued (ids are numbered by promotion; the bit set at most
    // doubles its words when it grows), nothing per operation
    assertThat(large.recorderBytes() - small.recorderBytes()).isLessThanOrEqualTo(large.promotions() / 4 + 16);
    assertThat(large.recorderBytes()).as("a few hundred bytes for 200000 ops").isLessThan(1024);
  }

  @Test
  void countingAndSpillingAgreeOnTheSummary() throws IOException {
    assertThat(analyze(N, true, true).summary()).isEqualTo(analyze(N, true, false).summary());
  }
}
