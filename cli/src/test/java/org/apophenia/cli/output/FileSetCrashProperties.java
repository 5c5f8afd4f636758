package org.apophenia.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The file-set invariant under a crash at every step of a commit: a commit is stopped at its
 * {@code k}-th step (the test hook throws there, and the set is abandoned as a killed process
 * abandons it: no abort, no clean-up, its staging directory then owned by a dead process), and
 *
 * <ul>
 *   <li>a reader following the rule ({@link FileSet#read}) finds a whole set: the previous one if the
 *       crash came before the commit point, else the new one (its files and the previous set's
 *       files it did not rewrite);</li>
 *   <li>after the next open (recovery), the directory itself holds that set under the plain names,
 *       with its manifest, and nothing of the protocol's temporary names is left.</li>
 * </ul>
 *
 * The oracle is a map from file name to content. Broken on purpose (the manifest installed before
 * the files), the reader finds a manifest whose files are still the old ones and the property fails.
 */
class FileSetCrashProperties {
  private static final List<String> NAMES = List.of("summary.json", "traces.json", "trace-search.csv", "mining.csv");

  @Provide
  Arbitrary<Map<String, String>> sets() {
    return Arbitraries.subsetOf(NAMES).flatMap(names -> {
      List<String> list = List.copyOf(names);
      return Arbitraries.strings().alpha().ofMaxLength(12).list().ofSize(list.size()).map(contents -> {
        Map<String, String> m = new TreeMap<>();
        for (int i = 0; i < list.size(); i++) {
          m.put(list.get(i), contents.get(i));
        }
        return m;
      });
    });
  }

  /** Thrown by the test hook where the commit stops. */
  private static final class Crash extends IOException {
    private static final long serialVersionUID = 1L;
  }

  @Property(tries = 80)
  void aCommitStoppedAtAnyStepLeavesTheOldSetOrTheNewOneWhole(@ForAll("sets") Map<String, String> old,
      @ForAll("sets") Map<String, String> fresh, @ForAll @IntRange(min = 0, max = 8) int stopAt) throws Exception {
    Path tmp = Files.createTempDirectory("apophenia-crash");
    try {
      Path dir = tmp.resolve("out");
      if (!old.isEmpty()) {
        try (FileSet set = FileSet.open(dir)) {
          FileSetTest.write(set, old);
          set.commit();
        }
      }
      Manifest before = old.isEmpty() ? null : FileSet.read(dir).manifest();
      Map<String, String> expectedNew = new TreeMap<>(old);
      expectedNew.putAll(fresh);

      FileSet set = FileSet.open(dir);
      FileSetTest.write(set, fresh);
      int[] steps = {0};
      boolean crashed;
      try {
        set.commit(step -> {
          if (steps[0]++ == stopAt) {
            throw new Crash();
          }
        });
        crashed = false;
      } catch (Crash c) {
        crashed = true;
      }
      boolean committed = !crashed || stopAt >= 1; // step 0 is "staged": before the commit point
      Map<String, String> expected = committed ? expectedNew : old;

      FileSet.Found found = FileSet.read(dir);
      if (expected.isEmpty() && !committed) {
        assertThat(found.status()).isEqualTo(FileSet.Status.ABSENT);
      } else {
        assertThat(found.status()).as(found.problem()).isEqualTo(FileSet.Status.WHOLE);
        assertThat(contents(found)).isEqualTo(expected);
        if (!committed) {
          assertThat(found.manifest()).isEqualTo(before);
        }
      }

      // the crashed run is dead: its staging directory now belongs to a dead process
      OwnerTag dead = deadOwner();
      try (Stream<Path> s = Files.list(dir)) {
        for (Path p : s.filter(p -> p.getFileName().toString().startsWith(FileSet.STAGING_PREFIX)).toList()) {
          Files.move(p, dir.resolve(FileSet.STAGING_PREFIX + dead + "-crashed"));
        }
      }
      try (FileSet next = FileSet.open(dir)) {
        // recovery ran; this run writes nothing
      }
      FileSet.Found after = FileSet.read(dir);
      if (!expected.isEmpty() || committed) {
        assertThat(after.status()).isEqualTo(FileSet.Status.WHOLE);
        for (Path p : after.files().values()) {
          assertThat(p.getParent()).as("installed under its plain name").isEqualTo(dir);
        }
        assertThat(contents(after)).isEqualTo(expected);
      }
      if (Files.exists(dir)) {
        try (Stream<Path> s = Files.list(dir)) {
          assertThat(s.map(p -> p.getFileName().toString())).as("nothing of the protocol left")
              .noneMatch(n -> n.startsWith(FileSet.STAGING_PREFIX) || n.equals(FileSet.COMMIT));
        }
      }
    } finally {
      try (Stream<Path> s = Files.walk(tmp)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static OwnerTag dead;

  private static synchronized OwnerTag deadOwner() throws IOException, InterruptedException {
    if (dead == null) {
      dead = FileSetTest.deadOwner();
    }
    return dead;
  }

  private static Map<String, String> contents(FileSet.Found found) throws IOException {
    Map<String, String> m = new HashMap<>();
    for (var e : found.files().entrySet()) {
      m.put(e.getKey(), Files.readString(e.getValue()));
    }
    return new TreeMap<>(m);
  }
}
