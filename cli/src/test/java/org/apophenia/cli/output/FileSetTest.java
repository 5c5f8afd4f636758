package org.apophenia.cli.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file-set protocol's examples: a committed set is whole and named by its manifest, an aborted
 * one leaves nothing, a symbolic link in the directory is replaced rather than written through, files
 * of the previous set that a run does not rewrite stay in the set while intact, and a failed write
 * never joins the set. The protocol under interruption is {@link FileSetCrashProperties} (a commit
 * stopped at every step) and {@code FileSetKillProperties} (a real command killed at random times).
 */
class FileSetTest {
  @TempDir Path tmp;

  static void write(FileSet set, Map<String, String> files) throws IOException {
    for (var e : files.entrySet()) {
      set.writeString(e.getKey(), e.getValue());
    }
  }

  /** The visible files of {@code dir} by name (hidden protocol names and the manifest left out). */
  static Map<String, String> visible(Path dir) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.toList()) {
        String n = p.getFileName().toString();
        if (!n.startsWith(".apophenia-") && !n.equals(Manifest.FILE_NAME) && Files.isRegularFile(p)) {
          out.put(n, Files.readString(p));
        }
      }
    }
    return out;
  }

  @Test
  void aCommittedSetIsWholeAndItsManifestNamesEveryFile() throws IOException {
    Path dir = tmp.resolve("a/b/out");
    Manifest m;
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("one.txt", "1", "two.csv", "x,y\n"));
      m = set.commit();
    }
    assertThat(m.names()).containsExactlyInAnyOrder("one.txt", "two.csv");
    assertThat(m.entry("one.txt").bytes()).isEqualTo(1);
    assertThat(m.entry("one.txt").sha256())
        .isEqualTo("6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b"); // SHA-256 of "1"
    FileSet.Found found = FileSet.read(dir);
    assertThat(found.status()).isEqualTo(FileSet.Status.WHOLE);
    assertThat(found.manifest()).isEqualTo(m);
    assertThat(Manifest.read(dir.resolve(Manifest.FILE_NAME))).isEqualTo(m);
    assertThat(visible(dir)).isEqualTo(Map.of("one.txt", "1", "two.csv", "x,y\n"));
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString())).as("no staging or commit directory left")
          .noneMatch(n -> n.startsWith(".apophenia-staging") || n.equals(".apophenia-commit"));
    }
  }

  @Test
  void anAbortedSetLeavesNothingNotEvenTheDirectoriesItMade() throws IOException {
    Path dir = tmp.resolve("new/deeper/out");
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("one.txt", "1"));
    }
    assertThat(tmp.resolve("new")).doesNotExist();
    assertThat(FileSet.read(dir).status()).isEqualTo(FileSet.Status.ABSENT);
  }

  @Test
  void anAbortedSetLeavesThePreviousSetAsItWas() throws IOException {
    Path dir = tmp.resolve("out");
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("one.txt", "old", "two.txt", "old"));
      set.commit();
    }
    Manifest before = FileSet.read(dir).manifest();
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("one.txt", "new"));
      // no commit: an error before the end
    }
    assertThat(FileSet.read(dir).manifest()).isEqualTo(before);
    assertThat(visible(dir)).isEqualTo(Map.of("one.txt", "old", "two.txt", "old"));
  }

  @Test
  void aSymbolicLinkInTheDirectoryIsReplacedNeverWrittenThrough() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("out"));
    Path target = tmp.resolve("precious.json");
    Files.writeString(target, "keep me");
    Files.createSymbolicLink(dir.resolve("traces.json"), target);
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("traces.json", "[]"));
      set.commit();
    }
    assertThat(Files.readString(target)).isEqualTo("keep me");
    assertThat(Files.isSymbolicLink(dir.resolve("traces.json"))).isFalse();
    assertThat(Files.readString(dir.resolve("traces.json"))).isEqualTo("[]");
  }

  @Test
  void filesOfThePreviousSetThatARunDoesNotRewriteStayInTheSetWhileIntact() throws IOException {
    Path dir = tmp.resolve("bench");
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("g1.csv", "1", "g2.csv", "2", "bench.json", "{}"));
      set.commit();
    }
    Files.writeString(dir.resolve("g2.csv"), "edited by hand");
    Manifest m;
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("g3.csv", "3", "bench.json", "{\"groups\":[]}"));
      m = set.commit();
    }
    assertThat(m.names()).as("g1 kept; g2 edited since, so no longer the set's")
        .containsExactlyInAnyOrder("g3.csv", "bench.json", "g1.csv");
    assertThat(FileSet.read(dir).status()).isEqualTo(FileSet.Status.WHOLE);
  }

  @Test
  void aFileWhoseWriteFailedNeverJoinsTheSet() throws IOException {
    Path dir = tmp.resolve("out");
    try (FileSet set = FileSet.open(dir)) {
      OutputStream o = set.create("big.bin");
      o.write(1);
      o.close();
      assertThatThrownBy(() -> set.create("big.bin")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> set.create("../escape")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> set.create(Manifest.FILE_NAME)).isInstanceOf(IllegalArgumentException.class);
      OutputStream open = set.create("open.bin");
      assertThatThrownBy(set::commit).as("a file still being written").isInstanceOf(IllegalStateException.class);
      open.close();
      assertThat(set.commit().names()).containsExactly("big.bin", "open.bin");
    }
  }

  @Test
  void aManifestThatIsNotOursIsRefusedByTheReader() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("out"));
    Files.writeString(dir.resolve(Manifest.FILE_NAME), "{\"name\": \"my-web-app\", \"version\": 2}");
    assertThatThrownBy(() -> Manifest.read(dir.resolve(Manifest.FILE_NAME))).isInstanceOf(Manifest.NotAManifest.class);
    assertThat(FileSet.read(dir).status()).isEqualTo(FileSet.Status.BROKEN);
  }

  @Test
  void aReaderSeesAFileChangedBehindTheManifestsBack() throws IOException {
    Path dir = tmp.resolve("out");
    try (FileSet set = FileSet.open(dir)) {
      write(set, Map.of("a.txt", "aaaa"));
      set.commit();
    }
    Files.writeString(dir.resolve("a.txt"), "aaab"); // same size, other bytes: only the hash tells
    FileSet.Found found = FileSet.read(dir);
    assertThat(found.status()).isEqualTo(FileSet.Status.BROKEN);
    assertThat(found.problem()).contains("a.txt");
  }

  @Test
  void atomicFileReplacesAFileWholeAndALinkByAFile() throws IOException {
    Path target = tmp.resolve("target.md");
    Files.writeString(target, "keep me");
    Path link = tmp.resolve("BENCH.md");
    Files.createSymbolicLink(link, target);
    AtomicFile.write(link, "new".getBytes(StandardCharsets.UTF_8));
    assertThat(Files.readString(target)).isEqualTo("keep me");
    assertThat(Files.readString(link)).isEqualTo("new");
    assertThat(Files.isSymbolicLink(link)).isFalse();
    try (Stream<Path> s = Files.list(tmp)) {
      assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactlyInAnyOrder("target.md", "BENCH.md");
    }
  }

  @Test
  void ownerTagsNameTheirProcessAndOnlyDeadOwnersAreDead() throws Exception {
    OwnerTag me = OwnerTag.current();
    assertThat(me.isAlive()).isTrue();
    assertThat(OwnerTag.parse(".apophenia-staging-" + me + "-x1", ".apophenia-staging-")).contains(me);
    assertThat(OwnerTag.parse(".apophenia-staging-12a-3", ".apophenia-staging-")).isEmpty();
    assertThat(OwnerTag.parse("other-" + me, ".apophenia-staging-")).isEmpty();
    OwnerTag dead = deadOwner();
    assertThat(dead.isAlive()).isFalse();
    assertThat(new OwnerTag(me.pid(), me.startMillis() + 1).isAlive()).as("our pid, another start: a dead run")
        .isEqualTo(me.startMillis() == 0);
  }

  /** The tag of a process that has ended. */
  static OwnerTag deadOwner() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("true").start();
    long start = p.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
    p.waitFor();
    return new OwnerTag(p.pid(), start);
  }

  @Test
  void spillFilesLeaveNoNameBehindAndDeadOwnersFilesAreRemoved() throws Exception {
    Path dir = SpillFile.tempDirectory();
    String mine = SpillFile.PREFIX + OwnerTag.current();
    try (SpillFile f = SpillFile.create("test")) {
      f.output().write(new byte[] {1, 2, 3});
      try (var in = f.readBack()) {
        assertThat(in.readAllBytes()).containsExactly(1, 2, 3);
      }
      try (var in = f.readBack()) {
        assertThat(in.readAllBytes()).as("read back again, from the start").containsExactly(1, 2, 3);
      }
      try (Stream<Path> s = Files.list(dir)) {
        assertThat(s.map(p -> p.getFileName().toString())).as("unlinked once opened (Unix)")
            .noneMatch(n -> n.startsWith(mine));
      }
    }
    Path stale = Files.writeString(dir.resolve(SpillFile.PREFIX + deadOwner() + "-ops-1.bin"), "left by a kill");
    Path live = Files.writeString(dir.resolve(SpillFile.PREFIX + OwnerTag.current() + "-ops-2.bin"), "a live run's");
    try {
      assertThat(SpillFile.removeStale(dir)).isGreaterThanOrEqualTo(1);
      assertThat(stale).doesNotExist();
      assertThat(live).exists();
    } finally {
      Files.deleteIfExists(stale);
      Files.deleteIfExists(live);
    }
  }

  @Test
  void deadRunsStagingDirectoriesAreRemovedAtTheNextOpenAndLiveOnesKept() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("out"));
    Path dead = Files.createDirectories(dir.resolve(FileSet.STAGING_PREFIX + deadOwner() + "-zz"));
    Files.writeString(dead.resolve("summary.json"), "half");
    Path live = Files.createDirectories(dir.resolve(FileSet.STAGING_PREFIX + OwnerTag.current() + "-yy"));
    try (FileSet set = FileSet.open(dir)) {
      assertThat(dead).doesNotExist();
      assertThat(live).exists();
    }
    assertThat(List.of(dir.resolve("summary.json"))).allMatch(Files::notExists);
  }
}
