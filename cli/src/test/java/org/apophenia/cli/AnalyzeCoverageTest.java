package org.apophenia.cli;

import static org.apophenia.cli.AnalyzeCommandTest.json;
import static org.apophenia.cli.AnalyzeCommandTest.starpu;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Coverage targets on real StarPU captures (cg at least 0.65, pipeline at least 0.70, cholesky a few
 * long traces) with our defaults, and Legion's settings for comparison: they reach less on these short
 * streams (about 0.15 of pipeline, 0.58 of cg; BENCHMARKS.md lists every capture).
 */
class AnalyzeCoverageTest {
  private static JsonNode analyze(String file, String settings) throws IOException {
    return json("analyze", starpu(file).toString(), "--skip-malformed", "--json", "--settings", settings);
  }

  @Test
  void cgIsCoveredAtLeast65Percent() throws IOException {
    assertThat(analyze("cg-b4-i100.txt", "default").get("coverage").asDouble()).isGreaterThanOrEqualTo(0.65);
  }

  @Test
  void pipelineIsCoveredAtLeast70Percent() throws IOException {
    assertThat(analyze("pipeline.txt", "default").get("coverage").asDouble()).isGreaterThanOrEqualTo(0.70);
  }

  @Test
  void choleskyWithoutALoopGetsFewLongTraces() throws IOException {
    JsonNode s = analyze("cholesky-b16.txt", "default");
    assertThat(s.get("tracesRecorded").asInt()).isBetween(1, 5);
    // three times the minimum length at least: no flood of short traces (one trace of 17 replayed 39
    // times since a candidate is not recorded over its replayed pieces; two of 17 and 36 before)
    assertThat(s.get("meanTraceLength").asDouble()).isGreaterThanOrEqualTo(15);
  }

  @Test
  void theBoundIsReportedAndNeverBelowTheCoverage() throws IOException {
    for (String f : new String[] {"pipeline.txt", "cholesky-b16.txt", "lu-b8.txt"}) {
      JsonNode s = json("analyze", starpu(f).toString(), "--json", "--bound");
      double coverage = s.get("coverage").asDouble();
      double bound = s.get("coverageBound").asDouble();
      assertThat(bound).as(f).isBetween(coverage, 1.0);
      assertThat(s.get("coverageOverBound").asDouble()).as(f).isCloseTo(coverage / bound, org.assertj.core.api.Assertions.within(1e-12));
      assertThat(s.get("apopheniaNanosPerOp").asDouble()).as(f).isPositive();
      assertThat(s.has("guessedOps")).as(f).isTrue();
      assertThat(s.get("guessedOps").asLong()).as(f).isBetween(0L, s.get("tracedOps").asLong());
      assertThat(s.get("nearLoopsCut").asLong()).as(f).isZero(); // no loop there runs with a task missing
    }
    assertThat(json("analyze", starpu("pipeline.txt").toString(), "--json").has("coverageBound")).isFalse();
  }

  /**
   * A reset run of 16 leaves mining backed off through isolated noise, but neither a new phase
   * (pipeline: its skipped windows are caught up) nor a loop whose traced pieces leave the same short
   * gaps every iteration (cg with malformed lines: the gaps' tokens recur untraced) loses coverage.
   */
  @Test
  void aResetRunOf16TracesEveryCaptureAsMuchAsARunOf1() throws IOException {
    for (String f : new String[] {"pipeline.txt", "cg-b4-i100.txt", "cg-b4-i100-clean.txt", "cholesky-b16.txt",
        "lu-b8.txt", "minmax-reduction.txt"}) {
      double everyOp = json("analyze", starpu(f).toString(), "--skip-malformed", "--json",
          "--back-off-reset-run", "1").get("coverage").asDouble();
      double runOf16 = json("analyze", starpu(f).toString(), "--skip-malformed", "--json",
          "--back-off-reset-run", "16").get("coverage").asDouble();
      assertThat(runOf16).as(f).isGreaterThanOrEqualTo(everyOp);
    }
  }

  @Test
  void legionSettingsRespondMoreSlowlyOnTheseShortStreams() throws IOException {
    for (String f : new String[] {"pipeline.txt", "cg-b4-i100.txt"}) {
      double ours = analyze(f, "default").get("coverage").asDouble();
      double legion = analyze(f, "legion").get("coverage").asDouble();
      assertThat(legion).as(f).isLessThan(ours);
    }
  }
}
