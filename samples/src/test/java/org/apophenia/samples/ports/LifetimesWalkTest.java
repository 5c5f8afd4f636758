package org.apophenia.samples.ports;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.samples.numpy.MemoryStats;
import org.apophenia.samples.numpy.Np;
import org.apophenia.samples.numpy.NpArray;
import org.junit.jupiter.api.Test;

/**
 * Which arrays died at an iteration boundary is found by walking the program's fields once the first
 * boundaries agreed with a collection, and by collections when the walk cannot be trusted; either way
 * the regions, hence the traces and the values, are the same.
 */
class LifetimesWalkTest {
  /** The boundaries checked against a collection before the walk is trusted. */
  private static final int CHECKED = 3;

  /** Keeps one more array where the walk gives up (an AtomicReference, opaque to it). */
  static final class OpaqueField extends NoMemoryCallsTest.PlainJacobi {
    private final AtomicReference<NpArray> last = new AtomicReference<>();

    OpaqueField() {
      super(true);
    }

    @Override
    protected void step(Np np, int i) {
      super.step(np, i);
      last.set(np.copy(resultArrays().get(0)));
    }
  }

  /** Keeps one more array where the walk does not look: a static field of another class. */
  static final class Elsewhere {
    static NpArray kept;
  }

  static final class KeptElsewhere extends NoMemoryCallsTest.PlainJacobi {
    KeptElsewhere() {
      super(true);
    }

    @Override
    protected void step(Np np, int i) {
      super.step(np, i);
      Elsewhere.kept = np.copy(resultArrays().get(0));
    }
  }

  @Test
  void aProgramThatKeepsItsArraysInItsFieldsIsWalkedAfterTheFirstChecks() {
    NoMemoryCallsTest.PlainJacobi walked = new NoMemoryCallsTest.PlainJacobi(true);
    RunResult r = PortsTest.run(walked, Mode.AUTO, 24, 120);
    MemoryStats m = walked.np().stats();
    assertThat(m.walkTrusted()).as("walk trusted").isTrue();
    assertThat(m.collections()).as("collections").isEqualTo(CHECKED);
    assertThat(r.checksum()).isEqualTo(PortsTest.run(new NoMemoryCallsTest.PlainJacobi(true), Mode.NONE, 24, 120)
        .checksum());
  }

  @Test
  void aFieldTheWalkCannotFollowMeansACollectionAtEveryBoundaryAndTheSameTraces() {
    OpaqueField collected = new OpaqueField();
    RunResult byCollector = PortsTest.run(collected, Mode.AUTO, 24, 60);
    assertThat(collected.np().stats().walkTrusted()).isFalse();
    assertThat(collected.np().stats().collections()).isEqualTo(60);

    /** The same program with the extra array in a plain field: walked. */
    final class PlainField extends NoMemoryCallsTest.PlainJacobi {
      private NpArray last;

      PlainField() {
        super(true);
      }

      @Override
      protected void step(Np np, int i) {
        super.step(np, i);
        last = np.copy(resultArrays().get(0));
      }
    }
    PlainField walked = new PlainField();
    RunResult byWalk = PortsTest.run(walked, Mode.AUTO, 24, 60);
    assertThat(walked.np().stats().walkTrusted()).isTrue();
    assertThat(byWalk.checksum()).isEqualTo(byCollector.checksum());
    assertThat(byWalk.coverage()).isEqualTo(byCollector.coverage());
    assertThat(byWalk.warmupIterations()).isEqualTo(byCollector.warmupIterations());
    assertThat(byWalk.coverage()).isGreaterThan(0.8);
  }

  @Test
  void anArrayKeptOutsideTheProgramIsCaughtByTheFirstChecks() {
    KeptElsewhere p = new KeptElsewhere();
    RunResult r = PortsTest.run(p, Mode.AUTO, 24, 40);
    assertThat(p.np().stats().walkTrusted()).as("the walk disagreed with the collector").isFalse();
    assertThat(r.checksum()).isEqualTo(PortsTest.run(new KeptElsewhere(), Mode.NONE, 24, 40).checksum());
    assertThat(Elsewhere.kept.isAlive()).as("its buffer was not reused").isTrue();
  }
}
