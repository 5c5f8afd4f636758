package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Knob;
import org.apophenia.autotrace.Knobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Apophenia's knobs on the command line refuse a bad value with exit code 2 and exactly one line on
 * stderr that names the flag as typed and the value, before any work (README, "Errors and limits"):
 * the range a flag accepts, the settings' own rules (with the preset they started from), and values
 * that are not numbers or booleans.
 */
class KnobFlagsTest {
  private static final Path PIPELINE = Path.of("src/test/resources/starpu/pipeline.txt");

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      --min-length 0                | --min-length must be 1..100000, got 0
      --min-length 100001           | --min-length must be 1..100000, got 100001 (the interceptor holds at most 100000 pending operations)
      --max-length 100001           | --max-length must be 1..100000, got 100001 (the interceptor holds at most 100000 pending operations)
      --max-length 3                | --max-length must be at least 5, got 3 (with --settings default)
      --batch-size 1                | --batch-size must be 2..1048576, got 1
      --batch-size 1048577          | --batch-size must be 2..1048576, got 1048577 (each of up to 16 mining jobs copies the buffer and builds a suffix array over it, about 30 bytes a token)
      --batch-size 5                | --batch-size must be at least 10, got 5 (with --settings default)
      --settings legion --batch-size 5 | --batch-size must be at least 10, got 5 (with --settings legion)
      --batch-size ten              | Invalid value for option '--batch-size': 'ten' is not an int (see 'apophenia analyze --help')
      --multi-scale-factor 1048577  | --multi-scale-factor must be 1..1048576, got 1048577 (at most the largest --batch-size)
      --multi-scale-factor 9000     | --multi-scale-factor must be at most --batch-size 8192, got 9000 (with --settings default)
      --visit-threshold 1000001     | --visit-threshold must be 1..1000000, got 1000001 (a candidate seen a million times without promotion is never promoted in practice)
      --warmup-visit-threshold -1   | --warmup-visit-threshold must be 1..1000000, got -1
      --warmup-visit-threshold 5    | --warmup-visit-threshold must be at most --visit-threshold 3, got 5 (with --settings default)
      --ingestion-delay 1048577     | --ingestion-delay must be 1..1048576, got 1048577 (a job ingested later than the largest buffer is full would describe a stale window)
      --history-buffers 0           | --history-buffers must be at least 1, got 0 (with --settings default)
      --history-buffers 3           | --history-buffers must be a power of two with --history-buffers * --batch-size at most 16777216, got 3 (--batch-size 8192) (with --settings default)
      --warmup-by-coverage=maybe    | Invalid value for option '--warmup-by-coverage': 'maybe' is not a boolean (see 'apophenia analyze --help')
      --phase-after-waits=1         | Invalid value for option '--phase-after-waits': '1' is not a boolean (see 'apophenia analyze --help')
      --settings foo                | --settings must be default or legion, got 'foo'
      --settings foo --batch-size 0 | --settings must be default or legion, got 'foo'
      --min-length 0 --batch-size 0 | --min-length must be 1..100000, got 0
      """)
  void aBadValueIsOneLineNamingTheFlagAndTheValue(String flags, String message) {
    List<String> args = new ArrayList<>(List.of("analyze", PIPELINE.toString()));
    args.addAll(List.of(flags.split(" ")));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("apophenia analyze: error: " + message + System.lineSeparator());
  }

  /** A command that only includes the knobs, as run, demo or bench would. */
  @Command(name = "probe")
  static final class Probe implements Runnable {
    @Mixin ApopheniaFlags apophenia;
    ApopheniaSettings settings;

    @Override
    public void run() {
      settings = apophenia.settings();
    }
  }

  @Test
  void anyCommandThatIncludesTheMixinTakesEveryKnobWithASpelling() {
    Probe probe = new Probe();
    CommandLine cli = new CommandLine(probe);
    for (Knob<?> k : Knobs.all()) {
      for (String spelling : k.spellings()) {
        assertThat(cli.getCommandSpec().findOption(spelling)).as(spelling).isNotNull();
      }
    }
    assertThat(cli.execute("--settings", "legion", "--batch-size", "512", "--loops-win")).isZero();
    assertThat(probe.settings.get(Knobs.BATCH_SIZE)).isEqualTo(512);
    assertThat(probe.settings.get(Knobs.LOOPS_WIN)).isTrue();
    assertThat(probe.settings.toBuilder().set(Knobs.BATCH_SIZE, 2000).set(Knobs.LOOPS_WIN, false).build())
        .as("the rest is Legion's").isEqualTo(ApopheniaSettings.legion());
  }

  @Test
  void helpShowsEachFlagWithItsKnobsHelpDefaultAndRange() {
    // without white space: picocli wraps the lines at the terminal's width
    String help = CliRun.of("analyze", "--help").out().replaceAll("\\s+", "");
    assertThat(help).contains("--batch-size=NHistorybuffersize(default8192,legion2000;2..1048576).")
        .contains("--max-trace-length=NLongesttrace(defaultunbounded;1..100000).")
        .contains("--max-length=NSameas--max-trace-length(defaultunbounded).")
        .contains("-lg:auto_trace:batchsize=NSameas--batch-size(default8192).")
        .contains("--keep-replayed[=BOOL]").contains("--settings=NAMEStartingsettings:defaultorlegion");
  }

  /**
   * {@code run}, {@code analyze}, {@code demo} and {@code bench} take the same knobs under every
   * spelling (ours, today's aliases, the paper's {@code -lg:auto_trace:} ones), and refuse a bad value
   * before anything runs: exit code 2, one line naming the flag as typed and the value, nothing on
   * standard output.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', textBlock = """
      run jacobi    | -lg:auto_trace:batchsize 0            | -lg:auto_trace:batchsize must be 2..1048576, got 0
      run jacobi    | --visit-threshold -2                  | --visit-threshold must be 1..1000000, got -2
      run jacobi    | --min-trace-length 9 --max-length 6   | --max-length must be at least 9, got 6 (with --settings default)
      run jacobi    | -lg:auto_trace:min_trace_length 9 -lg:auto_trace:max_trace_length 6 | -lg:auto_trace:max_trace_length must be at least 9, got 6 (with --settings default)
      run jacobi    | --max-in-flight 0                     | --max-in-flight must be 1..1024, got 0
      run jacobi    | -lg:auto_trace:turbo_lag x            | Invalid value for option '-lg:auto_trace:turbo_lag': 'x' is not an int (see 'apophenia run --help')
      demo          | --multi-scale-factor 0                | --multi-scale-factor must be 1..1048576, got 0
      demo          | -lg:auto_trace:multi_scale_factor ten | Invalid value for option '-lg:auto_trace:multi_scale_factor': 'ten' is not an int (see 'apophenia demo --help')
      bench         | --batch-size 0                        | --batch-size must be 2..1048576, got 0
      bench         | --min-length 3 --min-trace-length 4   | --min-trace-length and --min-length set the same knob: give one of them
      analyze PIPE  | -lg:auto_trace:max_trace_length 0     | -lg:auto_trace:max_trace_length must be 1..100000, got 0
      analyze PIPE  | --retire-after-failures 20            | --retire-after-failures must be less than --retirement-window 16, got 20 (with --settings default)
      analyze PIPE  | --job-timeout PT0S                    | --job-timeout must be positive, got PT0S
      """)
  void everyCommandRefusesABadValueUnderAnySpelling(String command, String flags, String message) {
    List<String> args = new ArrayList<>();
    for (String w : command.split(" ")) {
      args.add(w.equals("PIPE") ? PIPELINE.toString() : w);
    }
    args.addAll(List.of(flags.split(" ")));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("apophenia " + command.split(" ")[0] + ": error: " + message + System.lineSeparator());
  }

  @Test
  void thePapersSpellingsSetTheSameKnobsAsOurs() {
    Probe ours = new Probe();
    assertThat(new CommandLine(ours).execute("--batch-size", "2000", "--multi-scale-factor", "100",
        "--min-trace-length", "6", "--max-trace-length", "400", "--visit-threshold", "10", "--max-in-flight", "4"))
        .isZero();
    Probe paper = new Probe();
    assertThat(new CommandLine(paper).execute("-lg:auto_trace:batchsize", "2000", "-lg:auto_trace:multi_scale_factor",
        "100", "-lg:auto_trace:min_trace_length", "6", "-lg:auto_trace:max_trace_length", "400",
        "-lg:auto_trace:visit_threshold", "10", "-lg:auto_trace:turbo_lag", "4")).isZero();
    Probe old = new Probe();
    assertThat(new CommandLine(old).execute("--batch-size", "2000", "--multi-scale-factor", "100", "--min-length", "6",
        "--max-length", "400", "--visit-threshold", "10", "--max-in-flight-jobs", "4")).isZero();
    assertThat(paper.settings).isEqualTo(ours.settings).isEqualTo(old.settings);
    assertThat(ours.settings.get(Knobs.MAX_IN_FLIGHT_JOBS)).isEqualTo(4);
    assertThat(ours.settings.get(Knobs.MAX_TRACE_LENGTH)).isEqualTo(400);
  }

  @Test
  void runUsesTheKnobsItIsGiven() throws Exception {
    CliRun run = CliRun.of("run", "jacobi", "--iterations", "30", "--json", "-lg:auto_trace:visit_threshold", "5",
        "--min-trace-length", "6");
    assertThat(run.exitCode()).as(run.err()).isZero();
    var knobs = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out()).get("knobs");
    assertThat(knobs.get("visitThreshold").asInt()).isEqualTo(5);
    assertThat(knobs.get("minTraceLength").asInt()).isEqualTo(6);
  }
}
