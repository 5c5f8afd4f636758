package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** What any online finder could reach bounds what Apophenia covers, and the bound is tight on loops. */
class CoverageBoundProperties {
  static CoverageBound bound(List<TestOp> ops, int min) {
    CoverageBound b = new CoverageBound(min);
    for (TestOp op : ops) {
      switch (op.kind()) {
        case TRACEABLE -> b.traceable(op.token());
        case NO_OP -> b.noOp();
        case UNTRACEABLE -> b.breakStream(true);
      }
    }
    return b;
  }

  /** Traced operations of a run, and the operations its guesses matched after one occurrence. */
  record Covered(long traced, long guessed) {}

  static Covered run(List<TestOp> ops, ApopheniaSettings settings) {
    SinkLog<TestOp> rec = new SinkLog<>();
    long guessed;
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings).build()) {
      ops.forEach(i::execute);
      i.flush();
      guessed = i.stats().guessedOps();
    }
    return new Covered(rec.tracedOps(TestOp.TOKENIZER), guessed);
  }

  static ApopheniaSettings settings(boolean ourDefaults, int min) {
    ApopheniaSettings base = ourDefaults ? ApopheniaSettings.defaults() : ApopheniaSettings.legion();
    return base.toBuilder().set(Knobs.MIN_TRACE_LENGTH, min).set(Knobs.BATCH_SIZE, 512)
        .set(Knobs.MULTI_SCALE_FACTOR, 16).build();
  }

  /**
   * The bound is for finders that trace only what occurred twice. Our guesses ({@code prefixTraces})
   * trace a loop body's continuation seen once, at its first match: by at most those operations
   * (none with Legion's settings) Apophenia may pass it.
   */
  @Property(tries = 60)
  void apopheniaNeverCoversMoreThanTheBoundAndWhatItGuessed(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 200, max = 3000) int length, @ForAll @IntRange(min = 2, max = 8) int min,
      @ForAll boolean ourDefaults) {
    List<TestOp> ops = Streams.random(seed, length);
    Covered c = run(ops, settings(ourDefaults, min));
    CoverageBound b = bound(ops, min);
    assertThat(b.ops()).isEqualTo(ops.size());
    if (!ourDefaults) {
      assertThat(c.guessed()).isZero();
    }
    assertThat(c.traced()).isLessThanOrEqualTo(b.coverable() + c.guessed());
  }

  /** A stream on which a guess does pass the bound, by no more than it guessed. */
  @Test
  void aGuessMayPassTheBoundByWhatItGuessed() {
    List<TestOp> ops = Streams.random(19937, 200);
    Covered c = run(ops, settings(true, 2));
    long coverable = bound(ops, 2).coverable();
    assertThat(c.traced()).isGreaterThan(coverable);
    assertThat(c.traced()).isLessThanOrEqualTo(coverable + c.guessed());
  }

  @Test
  void aTracerThatTracesWhatItHasNotSeenTwiceBreaksTheBound() {
    List<TestOp> ops = Streams.random(17, 2000);
    SinkLog<TestOp> eager = new SinkLog<>();
    for (TestOp op : ops) { // every traceable op in a trace of its own, at once
      if (op.kind() == Traceability.TRACEABLE) {
        eager.beginTrace(op.token());
        eager.op(op);
        eager.endTrace(op.token());
      } else {
        eager.op(op);
      }
    }
    assertThat(eager.tracedOps(TestOp.TOKENIZER)).isGreaterThan(bound(ops, 5).coverable());
  }

  @Test
  void onALoopTheBoundIsEverythingAfterTwoPeriodsAndApopheniaComesClose() {
    List<TestOp> ops = Streams.loop(20, 100);
    CoverageBound b = bound(ops, 5);
    // each window of the third period on has been seen twice, in the two periods before: only the first
    // two periods are out of reach
    assertThat(b.coverable()).isEqualTo(ops.size() - 2 * 20);
    SinkLog<TestOp> rec = Runs.run(ops, ApopheniaSettings.defaults());
    assertThat((double) rec.tracedOps(TestOp.TOKENIZER) / b.coverable()).isGreaterThan(0.8);
  }

  @Test
  void aBreakSplitsWindows() {
    CoverageBound b = new CoverageBound(3);
    for (int r = 0; r < 3; r++) {
      b.traceable(1);
      b.traceable(2);
      b.breakStream(false); // a wait between every pair: no window of three ever forms
    }
    assertThat(b.coverable()).isZero();
    assertThat(b.ops()).isEqualTo(6);
  }
}
