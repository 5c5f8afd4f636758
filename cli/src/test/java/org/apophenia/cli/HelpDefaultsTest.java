package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every option that takes a value says its default in {@code --help} (what is used without it). */
class HelpDefaultsTest {
  @Test
  void everyOptionWithAValueShowsItsDefault() {
    List<String> missing = new ArrayList<>();
    for (Supplier<Object> sub : Main.SUBCOMMANDS) {
      CommandLine c = new CommandLine(sub.get());
      for (OptionSpec o : c.getCommandSpec().options()) {
        if (o.usageHelp() || o.versionHelp() || o.arity().max() == 0 || o.hidden()) {
          continue; // a switch: absent means off; a hidden option is not in --help
        }
        String help = String.join(" ", o.description()).replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()));
        if (!help.toLowerCase(java.util.Locale.ROOT).contains("default")) {
          missing.add(c.getCommandName() + " " + o.longestName());
        }
      }
    }
    assertThat(missing).as("options whose help does not say their default").isEmpty();
  }

  @Test
  void dashCapitalVPrintsTheMavenVersion() {
    CliRun r = CliRun.of("-V");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out().strip()).matches("apophenia \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    assertThat(Provenance.version()).isEqualTo(r.out().strip().substring("apophenia ".length()));
  }
}
