package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The registry is the one description of the knobs that the settings, their presets, the flags and
 * the echo derive from: every entry is complete and distinct, and the settings hold one value per
 * entry, set and read by the entry.
 */
class KnobsTest {
  @Test
  void everyKnobIsNamedTypedDefaultedAndDocumentedOnce() {
    Set<String> names = new HashSet<>();
    Set<String> spellings = new HashSet<>();
    for (Knob<?> k : Knobs.all()) {
      assertThat(names.add(k.name())).as("one entry per name: %s", k).isTrue();
      assertThat(k.help()).as(k.name()).isNotBlank();
      assertThat(k.type()).as(k.name()).isIn(Integer.class, Boolean.class, Duration.class);
      assertThat(k.defaultValue()).as(k.name()).isInstanceOf(k.type());
      assertThat(k.legionValue()).as(k.name()).isInstanceOf(k.type());
      for (String s : k.spellings()) {
        assertThat(spellings.add(s)).as("one knob per spelling: %s", s).isTrue();
        assertThat(s).startsWith("-");
      }
      if (k.range() != null) {
        assertThat(k.type()).as("ranges are for integers: %s", k).isEqualTo(Integer.class);
        assertThat(k.range().min()).isLessThanOrEqualTo(k.range().max());
      }
    }
  }

  @Test
  void thePresetsAreEachKnobsDefaultAndLegionValue() {
    for (Knob<?> k : Knobs.all()) {
      assertThat(ApopheniaSettings.defaults().get(k)).as(k.name()).isEqualTo(k.defaultValue());
      assertThat(ApopheniaSettings.legion().get(k)).as(k.name()).isEqualTo(k.legionValue());
    }
    assertThat(ApopheniaSettings.presets()).containsExactly("default", "legion");
    assertThat(ApopheniaSettings.preset("default")).isSameAs(ApopheniaSettings.defaults());
    assertThat(ApopheniaSettings.preset("legion")).isSameAs(ApopheniaSettings.legion());
    assertThat(ApopheniaSettings.preset("legion ")).isNull();
  }

  @Test
  void aSettingIsSetAndReadByItsKnobAndTheRestIsKept() {
    ApopheniaSettings s = ApopheniaSettings.defaults().toBuilder().set(Knobs.BATCH_SIZE, 512)
        .set(Knobs.LOOPS_WIN, false).set(Knobs.JOB_TIMEOUT, Duration.ofMillis(20)).build();
    assertThat(s.get(Knobs.BATCH_SIZE)).isEqualTo(512);
    assertThat(s.get(Knobs.LOOPS_WIN)).isFalse();
    assertThat(s.get(Knobs.JOB_TIMEOUT)).isEqualTo(Duration.ofMillis(20));
    assertThat(s.get(Knobs.VISIT_THRESHOLD)).isEqualTo(3);
    assertThat(ApopheniaSettings.defaults().get(Knobs.BATCH_SIZE)).as("presets are immutable").isEqualTo(8192);
    assertThat(s).isEqualTo(s.toBuilder().build()).isNotEqualTo(ApopheniaSettings.defaults());
    assertThat(s.toString()).startsWith("ApopheniaSettings[minTraceLength=5, maxTraceLength=2147483647, batchSize=512");
  }

  @Test
  void theEchoNamesEveryKnobInRegistryOrder() {
    var echo = ApopheniaSettings.defaults().echo();
    assertThat(List.copyOf(echo.keySet())).isEqualTo(Knobs.all().stream().map(Knob::name).toList());
    assertThat(echo.get("batchSize")).isEqualTo(8192);
    assertThat(echo.get("keepReplayed")).isEqualTo(true);
    assertThat(echo.get("jobTimeout")).isEqualTo("PT30S");
  }

  @Test
  void aValueOutsideItsRangeNamesTheSpellingTheValueAndWhyNotMore() {
    assertThat(Knobs.BATCH_SIZE.check("--batch-size", 2)).isEqualTo(2);
    assertThatThrownBy(() -> Knobs.BATCH_SIZE.check("--batch-size", 1))
        .hasMessage("--batch-size must be 2..1048576, got 1");
    assertThatThrownBy(() -> Knobs.MIN_TRACE_LENGTH.check("-lg:auto_trace:min_trace_length", 100_001))
        .hasMessage("-lg:auto_trace:min_trace_length must be 1..100000, got 100001 "
            + "(the interceptor holds at most 100000 pending operations)");
    assertThat(Knobs.HISTORY_BUFFERS.check("--history-buffers", 3)).as("no range: the settings' rules apply").isEqualTo(3);
    assertThat(Knobs.MAX_TRACE_LENGTH.show(ApopheniaSettings.UNBOUNDED)).isEqualTo("unbounded");
  }

  @Test
  void theSettingsRulesNameTheKnobAndItsBound() {
    assertThatThrownBy(() -> ApopheniaSettings.defaults().toBuilder().set(Knobs.BATCH_SIZE, 5).build())
        .hasMessage("batchSize must be at least 10, got 5");
    assertThatThrownBy(() -> ApopheniaSettings.defaults().toBuilder().set(Knobs.HISTORY_BUFFERS, 3).build())
        .hasMessage("historyBuffers must be a power of two with historyBuffers * batchSize at most 16777216, got 3 "
            + "(batchSize 8192)");
    assertThatThrownBy(() -> ApopheniaSettings.defaults().toBuilder().set(Knobs.MAX_TRACE_LENGTH, 200_000).build())
        .hasMessage("maxPendingOps must be at least maxTraceLength 200000, got 100000");
    assertThatThrownBy(() -> ApopheniaSettings.defaults().toBuilder().set(Knobs.JOB_TIMEOUT, Duration.ZERO).build())
        .hasMessage("jobTimeout must be positive, got PT0S");
  }
}
