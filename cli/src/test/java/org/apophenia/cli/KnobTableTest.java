package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apophenia.autotrace.Knob;
import org.apophenia.autotrace.Knobs;
import org.junit.jupiter.api.Test;

/**
 * README's table of knobs ("Tuning Apophenia") is the one the registry generates: a knob, a spelling,
 * a default or Legion's value changed in {@link Knobs} fails this test until README follows. To
 * update README: {@code mvn -pl cli -am test -Dtest=KnobTableTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dapophenia.updateReadme=true}.
 */
class KnobTableTest {
  private static final Path README = Path.of("../README.md");

  @Test
  void readmesTableIsTheRegistrys() throws IOException {
    String readme = Files.readString(README);
    String expected = KnobTable.regenerate(readme);
    if (Boolean.getBoolean("apophenia.updateReadme")) {
      Files.writeString(README, expected);
      readme = expected;
    }
    assertThat(readme).as("README's table of knobs; regenerate it (see this test's comment)").isEqualTo(expected);
  }

  @Test
  void everyKnobHasARowWithItsFlagsAndBothValues() {
    String table = KnobTable.markdown();
    for (Knob<?> k : Knobs.all()) {
      assertThat(table).contains("| `" + k.name() + "` |");
      for (String s : k.spellings()) {
        assertThat(table).contains("`" + s + "`");
      }
    }
    assertThat(table).contains("| `batchSize` | `--batch-size`, `-lg:auto_trace:batchsize` | 8192 | 2000 |")
        .contains("| `maxTraceLength` | `--max-trace-length`, `--max-length`, `-lg:auto_trace:max_trace_length` | "
            + "unbounded | unbounded |");
  }
}
