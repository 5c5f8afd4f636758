package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Residue} against a plain oracle: an occurrence laid out as segments (untraced, a reissue, a
 * reissue of a residue) that went out through {@link ReissuedPositions}; the candidate is cut to its
 * untraced runs exactly when something in it was reissued, every run is at least the minimum length,
 * and its reissues are at most one more than its left-over segments (runs and residue reissues).
 */
class ResidueProperties {
  private static final int MIN = 5;

  /** A segment of an occurrence: what went out over {@code length} positions. */
  record Segment(Kind kind, int length) {}

  enum Kind { UNTRACED, REISSUE, RESIDUE_REISSUE }

  @Provide
  Arbitrary<List<Segment>> layouts() {
    Arbitrary<Segment> segment = Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(1, 40))
        .as(Segment::new);
    return segment.list().ofMinSize(1).ofMaxSize(8);
  }

  /** Positions {@code [start, start + n)} as the layout says, after {@code start} positions untraced. */
  private static ReissuedPositions wentOut(List<Segment> layout, long start) {
    ReissuedPositions p = new ReissuedPositions(1 << 12);
    for (long q = 0; q < start; q++) {
      p.wentOut(q, false, false, false);
    }
    long pos = start;
    for (Segment s : layout) {
      for (int k = 0; k < s.length(); k++) {
        p.wentOut(pos++, s.kind() != Kind.UNTRACED, k == 0, s.kind() == Kind.RESIDUE_REISSUE);
      }
    }
    return p;
  }

  private static long[] tokens(int n) {
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = 1000 + i;
    }
    return t;
  }

  /** The oracle, over positions: maximal runs of each kind, counted the plain way. */
  private static List<long[]> expected(List<Segment> layout, long[] tokens) {
    int n = tokens.length;
    Kind[] at = new Kind[n];
    boolean[] begins = new boolean[n];
    int i = 0;
    for (Segment s : layout) {
      for (int k = 0; k < s.length(); k++) {
        begins[i] = k == 0;
        at[i++] = s.kind();
      }
    }
    int reissues = 0;
    int leftOver = 0;
    List<long[]> runs = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      if (at[j] == Kind.REISSUE && begins[j]) {
        reissues++;
      }
      boolean left = at[j] != Kind.REISSUE;
      if (left && (j == 0 || at[j - 1] == Kind.REISSUE)) {
        leftOver++;
      }
      if (at[j] == Kind.UNTRACED && (j == 0 || at[j - 1] != Kind.UNTRACED)) {
        int e = j;
        while (e < n && at[e] == Kind.UNTRACED) {
          e++;
        }
        runs.add(Arrays.copyOfRange(tokens, j, e));
      }
    }
    if (reissues == 0 || runs.stream().anyMatch(r -> r.length < MIN) || reissues > leftOver + 1) {
      return null;
    }
    return runs;
  }

  @Property(tries = 500)
  void aCandidateIsCutToItsRunsExactlyWhenTheOracleSays(@ForAll("layouts") List<Segment> layout) {
    long[] tokens = tokens(layout.stream().mapToInt(Segment::length).sum());
    List<long[]> got = Residue.of(tokens, 100, tokens.length, wentOut(layout, 100), MIN, false);
    List<long[]> want = expected(layout, tokens);
    if (want == null) {
      assertThat(got).as(layout.toString()).isNull();
    } else {
      assertThat(got).as(layout.toString()).isNotNull();
      assertThat(got).usingElementComparator(Arrays::compare).as(layout.toString()).containsExactlyElementsOf(want);
    }
  }

  @Test
  void mlpsPeriodLosesOnlyItsValidation() {
    // two reissues of the 32-op two-step trace, then the 6 validation ops, read from inside the first
    // reissue (a periodic candidate starts wherever the stream first became periodic)
    List<Segment> layout = List.of(new Segment(Kind.REISSUE, 32), new Segment(Kind.REISSUE, 32),
        new Segment(Kind.UNTRACED, 6), new Segment(Kind.REISSUE, 32));
    ReissuedPositions p = wentOut(layout, 0);
    long[] period = tokens(70);
    List<long[]> runs = Residue.of(period, 15, 70, p, MIN, true);
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0)).hasSize(6);
    assertThat(runs.get(0)[0]).isEqualTo(period[64 - 15]);
    // once the validation is reissued as a residue, mining the period again leaves nothing to trace
    ReissuedPositions later = wentOut(List.of(new Segment(Kind.REISSUE, 32), new Segment(Kind.REISSUE, 32),
        new Segment(Kind.RESIDUE_REISSUE, 6), new Segment(Kind.REISSUE, 32)), 0);
    assertThat(Residue.of(period, 15, 70, later, MIN, true)).isEmpty();
  }

  @Test
  void cfdsIterationOfTenInnerReissuesIsKeptWhole() {
    List<Segment> layout = new ArrayList<>();
    layout.add(new Segment(Kind.UNTRACED, 78));
    for (int k = 0; k < 10; k++) {
      layout.add(new Segment(Kind.REISSUE, 13));
    }
    assertThat(Residue.of(tokens(208), 0, 208, wentOut(layout, 0), MIN, true)).isNull();
  }

  @Test
  void anOccurrenceNotWhollyGoneOutIsKeptWhole() {
    // the candidate's last 10 operations are still pending in an open match: they would read as an
    // untraced run, and the candidate would be cut to a piece of the trace matching them
    List<Segment> layout = List.of(new Segment(Kind.REISSUE, 30), new Segment(Kind.UNTRACED, 10));
    ReissuedPositions p = wentOut(layout, 0);
    assertThat(Residue.of(tokens(40), 0, 40, p, MIN, false)).as("all gone out").isNotNull();
    assertThat(Residue.of(tokens(50), 0, 50, p, MIN, false)).as("10 still pending").isNull();
  }

  @Test
  void aPeriodIsReadWhereItLastWhollyWentOut() {
    // a repeat of three 20-op periods back to back; the last period is still pending, so the one
    // before is read: a 15-op reissue and a 5-op run
    List<Segment> layout = List.of(new Segment(Kind.REISSUE, 15), new Segment(Kind.UNTRACED, 5),
        new Segment(Kind.REISSUE, 15), new Segment(Kind.UNTRACED, 5), new Segment(Kind.REISSUE, 10));
    List<long[]> runs = Residue.of(tokens(20), 0, 60, wentOut(layout, 0), MIN, true);
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0)).containsExactly(1015, 1016, 1017, 1018, 1019);
  }

  @Test
  void whatHasNotGoneOutOrIsOlderThanTheRingIsNotReissued() {
    ReissuedPositions p = new ReissuedPositions(100); // a ring of 128
    for (long q = 0; q < 300; q++) {
      p.wentOut(q, true, q % 10 == 0, false);
    }
    assertThat(p.test(299)).isTrue();
    assertThat(p.test(172)).isTrue();
    assertThat(p.test(171)).as("overwritten").isFalse();
    assertThat(p.test(300)).as("not gone out").isFalse();
    assertThat(p.reissueBegan(290)).isTrue();
    assertThat(p.reissueBegan(291)).isFalse();
  }
}
