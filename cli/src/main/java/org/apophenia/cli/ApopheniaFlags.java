package org.apophenia.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Knob;
import org.apophenia.autotrace.Knobs;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Apophenia's knobs as command-line flags, every one derived from the registry ({@link Knobs}):
 * {@code --settings} (the preset they start from, {@link ApopheniaSettings#presets()}) and one flag
 * per spelling of each knob that has spellings, with the knob's type, line of help, default and
 * range. A command includes them all with
 *
 * <pre>{@code @Mixin ApopheniaFlags apophenia;}</pre>
 *
 * and asks {@link #settings()} where it checks its arguments. A new knob's flag, or a new spelling
 * of one (Legion's {@code -lg:auto_trace:batchsize}), is an edit of its registry entry only.
 *
 * <p>Mistakes are one line naming the flag as typed and the value (exit code 2): an unknown preset,
 * a value outside the knob's range, settings that break one of their rules (with the preset they
 * started from), and, from picocli, a value that is not a number or a boolean. Each spelling is an
 * option of its own, so that picocli's messages name the spelling typed too.
 */
@Command(modelTransformer = ApopheniaFlags.Install.class)
final class ApopheniaFlags {
  /** One flag: a knob under one of its spellings, the spelling the option's only name. */
  private record Flag(Knob<?> knob, String spelling, OptionSpec option) {}

  private final List<Flag> flags = new ArrayList<>();
  private OptionSpec preset;

  /** Adds the flags to the command that includes the mixin. */
  public static final class Install implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec command) {
      for (CommandSpec mixin : command.mixins().values()) {
        if (mixin.userObject() instanceof ApopheniaFlags f && f.preset == null) {
          f.addTo(command);
        }
      }
      return command;
    }
  }

  private void addTo(CommandSpec command) {
    List<String> presets = ApopheniaSettings.presets();
    preset = OptionSpec.builder("--settings").paramLabel("NAME").type(String.class).defaultValue(presets.get(0))
        .description("Starting settings: " + String.join(" or ", presets) + " (default: ${DEFAULT-VALUE}).").build();
    command.addOption(preset);
    for (Knob<?> knob : Knobs.all()) {
      for (String spelling : knob.spellings()) {
        OptionSpec.Builder o = OptionSpec.builder(spelling).type(knob.type());
        if (knob.type() == Boolean.class) {
          o.paramLabel("BOOL").arity("0..1").fallbackValue("true");
        } else {
          o.paramLabel(knob.type() == Duration.class ? "DURATION" : "N");
        }
        String primary = knob.spellings().get(0);
        o.description(spelling.equals(primary) ? describe(knob)
            : "Same as " + primary + " (default " + showDefault(knob) + ").");
        OptionSpec option = o.build();
        command.addOption(option);
        flags.add(new Flag(knob, spelling, option));
      }
    }
  }

  private static <T> String showDefault(Knob<T> knob) {
    return knob.show(knob.defaultValue());
  }

  /** The knob's line of help with its default, Legion's value and its range. */
  private static <T> String describe(Knob<T> knob) {
    String help = knob.help().endsWith(".") ? knob.help().substring(0, knob.help().length() - 1) : knob.help();
    StringBuilder b = new StringBuilder(help).append(" (default ").append(knob.show(knob.defaultValue()));
    if (!knob.legionValue().equals(knob.defaultValue())) {
      b.append(", legion ").append(knob.show(knob.legionValue()));
    }
    if (knob.range() != null) {
      b.append("; ").append(knob.range().min()).append("..").append(knob.range().max());
    }
    return b.append(").").toString();
  }

  /** The preset named by {@code --settings}. */
  String presetName() {
    return preset.getValue();
  }

  /**
   * The settings the flags ask for: the preset, then each flag given, in the registry's order,
   * checked against its knob's range, then the settings' own rules.
   *
   * @throws UserError naming the flag as typed and the value
   */
  ApopheniaSettings settings() {
    String name = presetName();
    ApopheniaSettings base = ApopheniaSettings.preset(name);
    if (base == null) {
      throw new UserError("--settings must be " + String.join(" or ", ApopheniaSettings.presets()) + ", got '"
          + name + "'");
    }
    ApopheniaSettings.Builder b = base.toBuilder();
    Map<Knob<?>, String> typed = new LinkedHashMap<>();
    for (Flag f : flags) {
      Object value = f.option().getValue();
      if (value == null) {
        continue;
      }
      String other = typed.putIfAbsent(f.knob(), f.spelling());
      if (other != null) {
        throw new UserError(other + " and " + f.spelling() + " set the same knob: give one of them");
      }
      set(b, f.knob(), f.spelling(), value);
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new UserError(asTyped(e.getMessage(), typed) + " (with --settings " + name + ")", e);
    }
  }

  private static <T> void set(ApopheniaSettings.Builder b, Knob<T> knob, String spelling, Object value) {
    try {
      b.set(knob, knob.check(spelling, knob.type().cast(value)));
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage(), e);
    }
  }

  /**
   * The knobs' names in a message of {@link ApopheniaSettings}, as the flags that set them: the
   * spelling typed, else the first.
   */
  private static String asTyped(String message, Map<Knob<?>, String> typed) {
    String m = message;
    for (Knob<?> k : Knobs.all()) {
      if (!k.spellings().isEmpty()) {
        m = m.replaceAll("\\b" + k.name() + "\\b", Matcher.quoteReplacement(typed.getOrDefault(k, k.spellings().get(0))));
      }
    }
    return m;
  }
}
