package org.apophenia.autotrace;

import java.util.List;
import java.util.Objects;

/**
 * One of Apophenia's knobs: a setting's name, type, default, Legion's value, the range a user may
 * give it, its command-line spellings and one line of help. {@link Knobs} lists them all;
 * {@link ApopheniaSettings} holds one value per knob. A front end (the command line, a settings
 * echo) derives everything it shows from these entries, so a new knob is one entry in {@link Knobs}
 * and the mechanism that reads it. Immutable.
 *
 * @param <T> the value's type: {@link Integer}, {@link Boolean} or {@link java.time.Duration}
 */
public final class Knob<T> {
  private final String name;
  private final Class<T> type;
  private final T byDefault;
  private final T legion;
  private final String help;
  private final String trades;
  private final List<String> spellings;
  private final Range range;
  /** Where {@link ApopheniaSettings} keeps this knob's value. */
  final int slot;

  /**
   * The values a user may give an integer knob, {@code min..max}; {@code why} says why not more
   * (README, "Errors and limits"). The settings' own rules ({@link ApopheniaSettings.Builder#build})
   * still apply within it.
   */
  public record Range(long min, long max, String why) {}

  private Knob(Definition<T> d, int slot) {
    this.name = d.name;
    this.type = d.type;
    this.byDefault = d.byDefault;
    this.legion = d.legion;
    this.help = d.help;
    this.trades = d.trades == null ? "" : d.trades;
    this.spellings = List.copyOf(d.spellings);
    this.range = d.range;
    this.slot = slot;
  }

  /** The setting's name, as the settings' messages and echo spell it ({@code batchSize}). */
  public String name() {
    return name;
  }

  public Class<T> type() {
    return type;
  }

  /** Its value in {@link ApopheniaSettings#defaults()}. */
  public T defaultValue() {
    return byDefault;
  }

  /** Its value in {@link ApopheniaSettings#legion()}: Legion's setting, or what is closest to its behaviour. */
  public T legionValue() {
    return legion;
  }

  /** One line for {@code --help}. */
  public String help() {
    return help;
  }

  /** What raising or lowering it trades (README's table of knobs); empty if not said. */
  public String trades() {
    return trades;
  }

  /** Its command-line spellings, the first the one help shows; empty for a knob set only in code. */
  public List<String> spellings() {
    return spellings;
  }

  /** The values a user may give it, or null when only the settings' own rules apply. */
  public Range range() {
    return range;
  }

  /**
   * {@code value}, given by a user as {@code spelling}, if it is within {@link #range()}; else an
   * {@link IllegalArgumentException} whose message names the spelling, the value and the range
   * ({@code --batch-size must be 2..1048576, got 0}), with the reason for the upper bound when the
   * value is above it.
   */
  public T check(String spelling, T value) {
    if (range != null && value instanceof Integer v && (v < range.min() || v > range.max())) {
      throw new IllegalArgumentException(spelling + " must be " + range.min() + ".." + range.max() + ", got " + v
          + (v > range.max() ? " (" + range.why() + ")" : ""));
    }
    if (value instanceof java.time.Duration d && (d.isNegative() || d.isZero())) {
      throw new IllegalArgumentException(spelling + " must be positive, got " + d);
    }
    return value;
  }

  /** {@code value} for people: {@link ApopheniaSettings#UNBOUNDED} reads as {@code unbounded}. */
  public String show(T value) {
    return value instanceof Integer v && v == ApopheniaSettings.UNBOUNDED ? "unbounded" : String.valueOf(value);
  }

  @Override
  public String toString() {
    return name;
  }

  /** A knob being defined, in {@link Knobs}: every part named, so none can be passed in another's place. */
  static final class Definition<T> {
    private final List<Knob<?>> registry;
    private final String name;
    private final Class<T> type;
    private final T byDefault;
    private T legion;
    private String help;
    private String trades;
    private List<String> spellings = List.of();
    private Range range;

    Definition(List<Knob<?>> registry, String name, Class<T> type, T byDefault) {
      this.registry = registry;
      this.name = name;
      this.type = type;
      this.byDefault = Objects.requireNonNull(byDefault, name);
      this.legion = byDefault;
    }

    /** Legion's value, if not the default. */
    Definition<T> legion(T value) {
      this.legion = Objects.requireNonNull(value, name);
      return this;
    }

    Definition<T> help(String line) {
      this.help = line;
      return this;
    }

    /** What raising or lowering it trades, for README's table of knobs. */
    Definition<T> trades(String line) {
      this.trades = line;
      return this;
    }

    /** Its command-line spellings, the one {@code --help} shows first; a new alias is one more here. */
    Definition<T> flag(String... spellings) {
      this.spellings = List.of(spellings);
      return this;
    }

    /** The values a user may give it (integer knobs). */
    Definition<T> range(long min, long max, String why) {
      this.range = new Range(min, max, why);
      return this;
    }

    /** The knob, registered in definition order. */
    Knob<T> define() {
      Objects.requireNonNull(help, name + " needs a line of help");
      Knob<T> k = new Knob<>(this, registry.size());
      registry.add(k);
      return k;
    }
  }
}
