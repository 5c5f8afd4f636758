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
        .contains("--max-length=NLongesttrace(defaultunbounded;1..100000).")
        .contains("--keep-replayed[=BOOL]").contains("--settings=NAMEStartingsettings:defaultorlegion");
  }
}
