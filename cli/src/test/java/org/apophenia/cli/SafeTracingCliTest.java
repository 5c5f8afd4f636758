package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Knobs;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.samples.adapter.RuntimeAdapter;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code --safe-tracing} on the command line: off by default, on it changes no result of a correct
 * run, and a replay that differs from its recording ends the command with exit code 2 and one line
 * naming the trace, the position, the expected and the seen operation (no stack trace).
 */
class SafeTracingCliTest {
  @Test
  void aSampleRunsTheSameWithSafeTracing() throws Exception {
    ObjectMapper json = new ObjectMapper();
    CliRun off = CliRun.of("run", "stencil", "--iterations", "40", "--json");
    CliRun on = CliRun.of("run", "stencil", "--iterations", "40", "--json", "-lg:safe_tracing");
    assertThat(on.exitCode()).as(on.err()).isZero();
    JsonNode a = json.readTree(off.out());
    JsonNode b = json.readTree(on.out());
    for (String f : new String[] {"checksum", "replayedOps", "tracesRecorded", "replays", "simulatedMakespanNanos"}) {
      assertThat(b.get(f)).as(f).isEqualTo(a.get(f));
    }
    assertThat(b.get("knobs").get("safeTracing").asBoolean()).isTrue();
    assertThat(a.get("knobs").get("safeTracing").asBoolean()).isFalse();
  }

  /** A command that replays a trace whose operations differ from its recording, under safe tracing. */
  @Command(name = "diverge")
  static final class Diverge implements Callable<Integer> {
    @Override
    public Integer call() {
      ApopheniaSettings s = ApopheniaSettings.defaults().toBuilder().set(Knobs.SAFE_TRACING, true).build();
      RuntimeAdapter adapter = RuntimeAdapter.builder(new LegionRuntime(Presets.machine("workstation")), Mode.MANUAL)
          .settings(s).build();
      ArrayContext np = ArrayContext.create(adapter, 2);
      NdArray a = np.let(np.full(1.0, 8));
      NdArray c = np.let(a.add(a));
      for (int i = 0; i < 3; i++) {
        adapter.beginManualTrace(1);
        c = np.rebind(c, i == 2 ? a.mul(a) : a.add(a));
        c = np.rebind(c, a.add(a));
        adapter.endManualTrace(1);
      }
      return 0;
    }
  }

  @Test
  void aDivergingReplayIsExitCodeTwoAndOneLine() {
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new Diverge());
    cli.setErr(new PrintWriter(err, true));
    cli.setExecutionExceptionHandler(UserErrors::handleExecution);
    assertThat(cli.execute()).isEqualTo(2);
    assertThat(err.toString()).startsWith("diverge: error: safe tracing: trace 0 diverged from its recording at "
        + "operation 0: expected task ").contains(", got task ").hasLineCount(1);
  }

  @Test
  void analyzeChecksEveryReissueAgainstTheTracesFirstOccurrence() throws Exception {
    String capture = "src/test/resources/starpu/cholesky-b16.txt";
    CliRun off = CliRun.of("analyze", capture, "--json");
    CliRun on = CliRun.of("analyze", capture, "--json", "--safe-tracing");
    assertThat(on.exitCode()).as(on.err()).isZero();
    ObjectMapper json = new ObjectMapper();
    for (String f : new String[] {"tracedOps", "replayedOps", "tracesRecorded", "replays"}) {
      assertThat(json.readTree(on.out()).get(f)).as(f).isEqualTo(json.readTree(off.out()).get(f));
    }
    // the check itself, on a reissue that differs (which Apophenia never issues)
    ReplayCheck<String> check = new ReplayCheck<>(new org.apophenia.autotrace.TraceSink<String>() {
      @Override public void op(String op) {}
      @Override public void beginTrace(long id) {}
      @Override public void endTrace(long id) {}
    });
    check.beginTrace(7);
    check.op("a", 0xa);
    check.op("b", 0xb);
    check.endTrace(7);
    check.op("x", 0x1);
    check.beginTrace(7);
    check.op("a", 0xa);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> check.op("c", 0xc)).isInstanceOf(UserError.class)
        .hasMessage("safe tracing: trace 7 diverged from its recording at operation 1 (operation 4 of the stream): "
            + "expected token b, got c");
  }
}
