package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apophenia.cli.output.FileSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Output paths are checked before any work, and what the checks let through is written whole: a
 * read-only file, a directory or a foreign {@code manifest.json} where a report file goes, and a
 * missing, non-directory or unwritable {@code java.io.tmpdir}, are one line and exit 2 with nothing
 * written ({@link Fuzz#check}); a symbolic link where a report file goes is replaced, never written
 * through. (The argument vectors of every command's {@code --out}, {@code figures} included, are in
 * the fuzz corpus, {@code args.jsonl}.)
 */
class OutputValidationTest {
  @TempDir Path tmp;
  Path ws;
  String stream;

  @BeforeEach
  void workspace() throws IOException {
    ws = Fuzz.workspace(tmp.resolve("ws"));
    stream = ws.resolve("stream.txt").toString();
  }

  /** Makes {@code p} unwritable even to root (immutable) if it can; returns how to undo it, or null. */
  private static Runnable unwritable(Path p) throws Exception {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "r-xr-xr-x" : "r--r--r--"));
    if (!Files.isWritable(p)) {
      return () -> { };
    }
    // root ignores permission bits; an immutable file stops it too, where the file system allows
    Process chattr = new ProcessBuilder("chattr", "+i", p.toString()).redirectErrorStream(true).start();
    if (chattr.waitFor() == 0 && !Files.isWritable(p)) {
      return () -> {
        try {
          new ProcessBuilder("chattr", "-i", p.toString()).start().waitFor();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      };
    }
    return null;
  }

  @Test
  void aReadOnlyFileWhereAReportGoesIsRefusedBeforeAnyWork() throws Exception {
    Path out = Files.createDirectories(ws.resolve("out"));
    Path csv = Files.writeString(out.resolve("trace-search.csv"), "mine\n");
    Runnable undo = unwritable(csv);
    Assumptions.assumeTrue(undo != null, "cannot make a file read-only here (root without chattr)");
    try {
      CliRun r = Fuzz.check(ws, "analyze", stream, "--out", out.toString());
      assertThat(r.exitCode()).isEqualTo(2);
      assertThat(r.err()).contains("--out " + out + ": trace-search.csv there is read-only");
    } finally {
      undo.run();
    }
  }

  @Test
  void aDirectoryOrAForeignManifestWhereTheSetGoesIsRefused() throws IOException {
    Path out = Files.createDirectories(ws.resolve("out"));
    Files.createDirectories(out.resolve("summary.json"));
    assertThat(Fuzz.check(ws, "run", "jacobi", "--out", out.toString()).err())
        .contains("summary.json there is a directory, not a file");
    Path other = Files.createDirectories(ws.resolve("webapp"));
    Files.writeString(other.resolve("manifest.json"), "{\"short_name\": \"app\"}");
    assertThat(Fuzz.check(ws, "analyze", stream, "--out", other.toString()).err())
        .contains("manifest.json there is not an Apophenia manifest");
  }

  @Test
  void aTemporaryDirectoryThatCannotHoldTheSpillFilesIsRefusedBeforeAnyWork() throws Exception {
    String saved = System.getProperty("java.io.tmpdir");
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    Path locked = Files.createDirectories(tmp.resolve("locked"));
    try {
      System.setProperty("java.io.tmpdir", tmp.resolve("missing").toString());
      assertThat(Fuzz.check(ws, "analyze", stream, "--out", ws.resolve("o").toString()).err())
          .contains("java.io.tmpdir " + tmp.resolve("missing") + ": no such directory")
          .contains("JAVA_OPTS=-Djava.io.tmpdir=DIR");
      System.setProperty("java.io.tmpdir", file.toString());
      assertThat(Fuzz.check(ws, "run", "jacobi", "--out", ws.resolve("o").toString()).err())
          .contains("not a directory");
      Runnable undo = unwritable(locked);
      if (undo != null) {
        try {
          System.setProperty("java.io.tmpdir", locked.toString());
          assertThat(Fuzz.check(ws, "demo", "--out", ws.resolve("o").toString()).err()).contains("cannot write there");
        } finally {
          undo.run();
        }
      }
    } finally {
      System.setProperty("java.io.tmpdir", saved);
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aSymbolicLinkWhereAReportGoesIsReplacedNotWrittenThrough() throws IOException {
    Path out = Files.createDirectories(ws.resolve("out"));
    Path precious = Files.writeString(tmp.resolve("precious.json"), "do not overwrite");
    Files.createSymbolicLink(out.resolve("traces.json"), precious);
    CliRun r = Fuzz.check(ws, "analyze", stream, "--out", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.readString(precious)).isEqualTo("do not overwrite");
    assertThat(Files.isSymbolicLink(out.resolve("traces.json"))).isFalse();
    assertThat(FileSet.read(out).status()).isEqualTo(FileSet.Status.WHOLE);
  }

  @Test
  void theDotDotOfAPathIsResolvedAsTheSystemResolvesIt() throws IOException {
    // lexically ok.txt/.. is the current directory; the system says ok.txt is not a directory
    assertThat(Fuzz.check(ws, "analyze", stream, "--out", ws.resolve("afile") + "/..").err())
        .contains("afile is a file, not a directory");
    assertThat(Fuzz.check(ws, "demo", "--out", ws.resolve("nothere") + "/../x").err())
        .contains("'..' follows " + ws.resolve("nothere") + ", which does not exist");
    Path sub = Files.createDirectories(ws.resolve("sub"));
    CliRun ok = Fuzz.check(ws, "analyze", stream, "--out", sub + "/../report");
    assertThat(ok.exitCode()).as(ok.err()).isZero();
    assertThat(FileSet.read(ws.resolve("report")).status()).isEqualTo(FileSet.Status.WHOLE);
  }
}
