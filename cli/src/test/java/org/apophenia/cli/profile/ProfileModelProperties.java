package org.apophenia.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.recorder.Category;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.Overflow;
import org.apophenia.recorder.RecorderSettings;
import org.apophenia.recorder.ThreadEvents;
import org.apophenia.recorder.ThreadStats;

/**
 * The pairing of recorded events into slices, against an oracle that knows the nesting it generated:
 * a random tree of slices (op, mine, replay, wait; analysis as COMPLETE leaves) is recorded as a
 * thread would record it, then its oldest events are dropped, as drop-oldest does.
 */
class ProfileModelProperties {
  private static final EventKind[][] PAIRS = {
      {EventKind.OP_ISSUED, EventKind.OP_DONE}, {EventKind.JOB_STARTED, EventKind.JOB_FINISHED},
      {EventKind.REPLAY_BEGIN, EventKind.REPLAY_END}, {EventKind.WAIT_BEGIN, EventKind.WAIT_END}};

  /** Events of a random nested run: time, header-kind, arg triples, in time order. */
  private static final class Run {
    final List<long[]> events = new ArrayList<>(); // {time, kindOrdinal, arg}
    long now = 1;
    final Random rnd;

    Run(long seed) {
      rnd = new Random(seed);
    }

    void slices(int depth, int budget) {
      int n = rnd.nextInt(4);
      for (int i = 0; i < n && events.size() < budget; i++) {
        int what = rnd.nextInt(6);
        if (what == 0) {
          long start = now;
          now += 1 + rnd.nextInt(5);
          events.add(new long[] {start, EventKind.ANALYSIS.ordinal(), now}); // COMPLETE: arg is its end
          now += rnd.nextInt(2);
        } else if (what == 1) {
          events.add(new long[] {now, EventKind.OP_FORWARDED.ordinal(), i});
          now += rnd.nextInt(2);
        } else {
          EventKind[] p = PAIRS[rnd.nextInt(PAIRS.length)];
          events.add(new long[] {now, p[0].ordinal(), i});
          now += rnd.nextInt(3);
          if (depth < 5) {
            slices(depth + 1, budget);
          }
          events.add(new long[] {now, p[1].ordinal(), i});
          now += rnd.nextInt(3);
        }
      }
    }
  }

  private static EventLog log(List<long[]> events) {
    long[] flat = new long[events.size() * 3];
    EventKind[] kinds = EventKind.values();
    for (int i = 0; i < events.size(); i++) {
      long[] e = events.get(i);
      flat[3 * i] = e[0];
      flat[3 * i + 1] = kinds[(int) e[1]].ordinal(); // aux 0
      flat[3 * i + 2] = e[2];
    }
    RecorderSettings s = new RecorderSettings(Set.of(Category.values()), Overflow.DROP_OLDEST, 16, 1);
    return new EventLog(s, 0, 1_000_000, List.of(new ThreadEvents(0, "main", 1, flat)),
        List.of(new ThreadStats(0, "main", events.size(), events.size(), 0, 0, 0, 0)), -1);
  }

  @Property(tries = 300)
  void slicesNestAndEveryEventIsAccountedFor(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int dropped) {
    Run run = new Run(seed);
    while (run.events.size() < 5) {
      run.slices(0, 200);
    }
    int drop = Math.min(dropped, run.events.size());
    List<long[]> all = run.events;
    List<long[]> kept = all.subList(drop, all.size());
    // the oracle: which kept ENDs lost their BEGIN (it was among the dropped)
    int lost = 0;
    ArrayDeque<Integer> open = new ArrayDeque<>();
    for (int i = 0; i < all.size(); i++) {
      EventKind k = EventKind.values()[(int) all.get(i)[1]];
      if (k.shape() == EventKind.Shape.BEGIN) {
        open.push(i);
      } else if (k.shape() == EventKind.Shape.END) {
        int b = open.pop();
        if (b < drop && i >= drop) {
          lost++;
        }
      }
    }
    long slices = kept.stream().map(e -> EventKind.values()[(int) e[1]].shape())
        .filter(s -> s == EventKind.Shape.BEGIN || s == EventKind.Shape.COMPLETE).count();

    ProfileModel m = ProfileModel.of(log(kept));
    List<Mark> marks = m.threads().get(0);
    assertThat(m.unmatched()).isEqualTo(lost);
    assertThat(m.unfinished()).as("every kept BEGIN has its END").isZero();
    assertThat(marks.stream().filter(x -> x.type() == Mark.Type.PUSH).count()).isEqualTo(slices);
    ArrayDeque<Mark> stack = new ArrayDeque<>();
    long last = Long.MIN_VALUE;
    for (int i = 0; i < marks.size(); i++) {
      Mark x = marks.get(i);
      assertThat(x).as("no placeholder left").isNotNull();
      assertThat(x.seq()).isEqualTo(i);
      assertThat(x.time()).as("time order").isGreaterThanOrEqualTo(last);
      last = x.time();
      if (x.type() == Mark.Type.PUSH) {
        assertThat(x.end()).isGreaterThanOrEqualTo(x.time());
        stack.push(x);
      } else if (x.type() == Mark.Type.POP) {
        Mark p = stack.pop();
        assertThat(p.kind()).as("pops close the innermost slice").isEqualTo(x.kind());
        assertThat(p.end()).isEqualTo(x.time());
      }
    }
    assertThat(stack).isEmpty();
    assertThat(m.merged()).hasSize(marks.size());
  }
}
