package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.replay.stats.TracingStatistics;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * Futures produced and consumed inside one trace (Legion thesis §2.5.4; dynamic tracing paper §IV):
 * an index launch's reduced future, its future map and a single task's future are passed to a later
 * task of the same trace that uses other data, so only the future orders them. Recorded once, then
 * replayed several times, the consumer must still start after its producers and see their values,
 * exactly as without tracing. Pins the bug where the index launch's future carried no event until
 * {@code tend} (its points were deferred) and the consumer neither waited for nor saw the producers.
 */
class FutureArgumentsInTracesTest {
  private static final int ITERATIONS = 6;
  private static final long PRODUCER_NANOS = 200_000;

  /** What one run leaves: consumer arguments, start and producer ends per iteration, final data. */
  private static final class Run {
    final List<String> consumerArgs = new ArrayList<>();
    final List<Long> consumerStarts = new ArrayList<>();
    final List<Long> producerEnds = new ArrayList<>();
    long[] data;
    TracingStatistics stats;
  }

  private static Run run(boolean traced) {
    Run out = new Run();
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"), new DefaultMapper(),
        CostModel.none());
    FieldSpace fs = rt.createFieldSpace();
    Field x = fs.allocate("x", FieldType.LONG);
    Field y = fs.allocate("y", FieldType.LONG);
    LogicalRegion a = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);
    LogicalRegion b = rt.createRegion(rt.createIndexSpace(Rect.of(0, 7)), fs);
    Partition p = rt.partitionEqual(a, 4);
    TaskBody produce = ctx -> { // x[i] = 2 x[i] + i + 1 on its block; returns the block's sum
      var acc = ctx.accessor(0, x);
      Rect r = ctx.requirement(0).region().bounds();
      long sum = 0;
      for (long i = r.lo(0); i <= r.hi(0); i++) {
        long v = acc.getLong(i) * 2 + i + 1;
        acc.setLong(v, i);
        sum += v;
      }
      out.producerEnds.add(rt.simulation().now() + PRODUCER_NANOS);
      return sum;
    };
    TaskBody single = ctx -> {
      out.producerEnds.add(rt.simulation().now() + PRODUCER_NANOS);
      return 1000L + (Long) ctx.arg(0);
    };
    TaskBody consume = ctx -> { // y = 7 y + reduced + sum(map) + single, on another region
      out.consumerStarts.add(rt.simulation().now());
      out.consumerArgs.add(ctx.arg(0) + " " + ctx.arg(1) + " " + ctx.arg(2));
      long map = 0;
      for (Object o : (List<?>) ctx.arg(1)) {
        map += (Long) o;
      }
      long add = (Long) ctx.arg(0) + map + (Long) ctx.arg(2);
      var acc = ctx.accessor(0, y);
      for (long i = 0; i <= 7; i++) {
        acc.setLong(acc.getLong(i) * 7 + add + i, i);
      }
      return add;
    };
    rt.registerTask(new TaskDefinition(1, "produce", Map.of(ProcessorKind.CPU, produce, ProcessorKind.GPU, produce),
        TaskCost.fixed(PRODUCER_NANOS)));
    rt.registerTask(new TaskDefinition(2, "single", Map.of(ProcessorKind.CPU, single, ProcessorKind.GPU, single),
        TaskCost.fixed(PRODUCER_NANOS)));
    rt.registerTask(new TaskDefinition(3, "consume", Map.of(ProcessorKind.CPU, consume, ProcessorKind.GPU, consume),
        TaskCost.fixed(1_000)));
    DynamicTracing engine = traced ? new DynamicTracing() : null;
    rt.setTraceEngine(engine);
    Rect dom = Rect.of(0, 3);
    for (int it = 0; it < ITERATIONS; it++) {
      rt.beginTrace(7);
      Future reduced = rt.executeIndex(new IndexLauncher(1, dom, List.of(RegionRequirement.projected(p,
          Projection.IDENTITY, Privilege.READ_WRITE, a, x)), List.of(), ReductionOp.sumLong()));
      Future map = rt.executeIndex(new IndexLauncher(1, dom, List.of(RegionRequirement.projected(p,
          Projection.IDENTITY, Privilege.READ_WRITE, a, x)), List.of(), null));
      Future one = rt.execute(new TaskLauncher(2, List.of(RegionRequirement.of(b, Privilege.READ_ONLY, b, x)),
          List.of(reduced)));
      rt.execute(new TaskLauncher(3, List.of(RegionRequirement.of(b, Privilege.READ_WRITE, b, y)),
          List.of(reduced, map, one)));
      rt.endTrace(7);
    }
    rt.finish();
    var ir = rt.inlineMap(RegionRequirement.of(b, Privilege.READ_ONLY, b, y));
    out.data = new long[8];
    for (int i = 0; i < 8; i++) {
      out.data[i] = ir.accessor(y).getLong(i);
    }
    out.stats = engine == null ? null : engine.stats();
    return out;
  }

  @Test
  void aTaskTakingFuturesOfTheSameTraceWaitsForTheirProducersWhenRecordedAndReplayed() {
    Run plain = run(false);
    Run traced = run(true);
    // the first instance starts from data valid everywhere, the second from the first's: two recordings
    assertThat(traced.stats.recordings()).as("%s", traced.stats).isBetween(1L, 2L);
    assertThat(traced.stats.replays()).as("%s", traced.stats).isEqualTo(ITERATIONS - traced.stats.recordings());
    assertThat(plain.consumerArgs).doesNotContain("null null null").hasSize(ITERATIONS);
    assertThat(traced.consumerArgs).as("values the consumer saw").containsExactlyElementsOf(plain.consumerArgs);
    assertThat(traced.data).containsExactly(plain.data);
    for (Run r : List.of(plain, traced)) {
      // 9 producers per iteration (4 + 4 points, one single task), then its consumer
      for (int it = 0; it < ITERATIONS; it++) {
        long lastEnd = r.producerEnds.subList(9 * it, 9 * it + 9).stream().mapToLong(Long::longValue).max()
            .orElseThrow();
        assertThat(r.consumerStarts.get(it)).as("iteration %d consumer start (traced: %s)", it, r == traced)
            .isGreaterThanOrEqualTo(lastEnd);
      }
    }
  }
}
