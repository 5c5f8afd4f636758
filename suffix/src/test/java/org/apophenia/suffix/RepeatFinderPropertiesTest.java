package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Tests of the tests: every check of {@link RepeatFinderProperties} rejects a finder that never finds
 * anything (and the check for false positives rejects one that always reports a repeat), on inputs the
 * real finder passes.
 */
class RepeatFinderPropertiesTest {
  private static final PlantedRepeat PLANTED = PlantedRepeat.of(new int[] {0, 1, 0, 1, 2, 2, 0}, 2, 3, 4, 0.3, 0.7);
  private static final RepeatFinderProperties.Loop LOOP = new RepeatFinderProperties.Loop(List.of(0, 1, 2), 4, 1, 1, 2);
  private static final RepeatFinderProperties.Unrepeated UNREPEATED =
      new RepeatFinderProperties.Unrepeated(new int[] {0, 1, 2, 0, 2, 1}, 2);

  /** Reports the first {@code min} tokens as occurring twice, back to back, whatever the input. */
  private static final Finder ALWAYS_SOMETHING = new Finder() {
    @Override
    public RepeatSet find(int[] tokens, int from, int to, int min, int max) {
      return new RepeatSet(to - from, List.of(new Repeat(min, new int[] {0, min})));
    }

    @Override
    public RepeatSet find(long[] tokens, int min, int max) {
      return new RepeatSet(tokens.length, List.of(new Repeat(min, new int[] {0, min})));
    }
  };

  private static List<ThrowingCallable> checks(Finder f) {
    return List.of(
        () -> RepeatFinderProperties.checkEqualsAlgorithm2WrittenNaively(f, PLANTED.tokens(), PLANTED.min()),
        () -> RepeatFinderProperties.checkEveryOccurrenceEqualsItsSubstring(f, PLANTED),
        () -> RepeatFinderProperties.checkAllOccurrencesArePairwiseDisjoint(f, PLANTED),
        () -> RepeatFinderProperties.checkEachRepeatIsLongEnoughAndOccursTwice(f, PLANTED),
        () -> RepeatFinderProperties.checkAPlantedLoopIsCoveredForAllButOneCopy(f, LOOP),
        () -> RepeatFinderProperties.checkIsDeterministic(f, PLANTED),
        () -> RepeatFinderProperties.checkIntAndLongTokensWithTheSameStructureGiveTheSameAnswer(f, PLANTED, 42),
        () -> RepeatFinderProperties.checkAWindowIsAnalysedLikeItsCopy(f, PLANTED, 0.5, 0.5));
  }

  @Test
  void theRealFinderPassesEveryCheckOnTheseInputs() throws Throwable {
    for (ThrowingCallable check : checks(Finder.REAL)) {
      check.call();
    }
    RepeatFinderProperties.checkFindsNothingWithoutANonOverlappingRepeat(Finder.REAL, UNREPEATED);
  }

  @Test
  void anAlwaysEmptyFinderFailsEveryCheckOfWhatIsFound() {
    List<ThrowingCallable> checks = checks(Finder.EMPTY);
    for (int i = 0; i < checks.size(); i++) {
      assertThatThrownBy(checks.get(i)).as("check %d", i).isInstanceOf(AssertionError.class);
    }
  }

  @Test
  void aFinderThatAlwaysReportsARepeatFailsTheCheckForFalsePositives() {
    assertThatThrownBy(() -> RepeatFinderProperties.checkFindsNothingWithoutANonOverlappingRepeat(ALWAYS_SOMETHING,
        UNREPEATED)).isInstanceOf(AssertionError.class);
  }
}
