package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What the malformed-input tests share: the corpus under {@code src/test/resources/fuzz}, a
 * workspace holding the files the argument vectors name, and the one check every run must pass: exit
 * 0 or 2, no stack trace and no "Exception" in the output, one line on stderr and nothing written on
 * exit 2.
 */
final class Fuzz {
  private Fuzz() {}

  /** The bytes of a corpus resource, e.g. {@code valid/stream.txt}. */
  static byte[] resource(String name) {
    try (InputStream in = Fuzz.class.getResourceAsStream("/fuzz/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource fuzz/" + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The names of the resources in corpus directory {@code dir} (from the index file {@code dir/INDEX}). */
  static List<String> corpus(String dir) {
    String index = new String(resource(dir + "/INDEX"), StandardCharsets.UTF_8);
    return index.lines().filter(l -> !l.isBlank()).map(l -> dir + "/" + l.strip()).toList();
  }

  /** A temporary directory with the files the argument placeholders name. */
  static Path workspace(Path root) throws IOException {
    Files.createDirectories(root);
    write(root.resolve("stream.txt"), resource("valid/stream.txt"));
    write(root.resolve("stream.jsonl"), resource("valid/stream.jsonl"));
    write(root.resolve("machine.json"), resource("valid/workstation.json"));
    write(root.resolve("afile"), "just a file\n".getBytes(StandardCharsets.UTF_8));
    write(root.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xe9, ' ', '0', 'x', '1', ':', '1', '\n'});
    Files.createDirectories(root.resolve("emptydir"));
    Files.createSymbolicLink(root.resolve("dangling"), root.resolve("no-such-target"));
    Files.createDirectories(root.resolve("corruptbench"));
    write(root.resolve("corruptbench/bench.json"), "{\"groups\": [1, 2,".getBytes(StandardCharsets.UTF_8));
    return root;
  }

  /** {@code args} with the placeholders resolved in {@code ws}. */
  static String[] resolve(List<String> args, Path ws) {
    List<String> out = new ArrayList<>();
    for (String a : args) {
      out.add(a.replace("@stream", ws.resolve("stream.txt").toString())
          .replace("@jsonl", ws.resolve("stream.jsonl").toString())
          .replace("@machine", ws.resolve("machine.json").toString())
          .replace("@file", ws.resolve("afile").toString())
          .replace("@dir", ws.resolve("emptydir").toString())
          .replace("@new", ws.resolve("new").toString())
          .replace("@long", ws.resolve("x".repeat(300)).toString())
          .replace("@corruptbench", ws.resolve("corruptbench").toString())
          .replace("@latin1", ws.resolve("latin1.txt").toString())
          .replace("@dangling", ws.resolve("dangling").toString()));
    }
    return out.toArray(String[]::new);
  }

  static void write(Path p, byte[] bytes) throws IOException {
    Files.write(p, bytes);
  }

  /** Every path under {@code root}, to compare before and after a run. */
  static Set<String> tree(Path root) {
    try (Stream<Path> s = Files.walk(root)) {
      Set<String> out = new TreeSet<>();
      s.forEach(p -> out.add(root.relativize(p).toString()));
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The names in {@code dir}, not recursively: what a run with an empty output path would add to. */
  static Set<String> entries(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      Set<String> out = new TreeSet<>();
      s.forEach(p -> out.add(p.getFileName().toString()));
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Runs {@code args} and checks the contract; {@code watched} must be unchanged on exit 2. */
  static CliRun check(Path watched, String... args) {
    Set<String> before = tree(watched);
    Set<String> cwdBefore = entries(Path.of("").toAbsolutePath());
    CliRun r = CliRun.of(args);
    String what = String.join(" ", args);
    assertThat(r.exitCode()).as(what + "\nstderr: " + r.err()).isIn(0, 2);
    for (String text : List.of(r.out(), r.err())) {
      assertThat(text).as(what).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("Error:");
    }
    if (r.exitCode() == 2) {
      assertThat(r.err().strip().lines().count()).as(what + ": one line\n" + r.err()).isEqualTo(1);
      assertThat(r.out()).as(what).isEmpty();
      assertThat(tree(watched)).as(what + ": nothing written").isEqualTo(before);
      assertThat(entries(Path.of("").toAbsolutePath())).as(what + ": nothing written in the working directory")
          .isEqualTo(cwdBefore);
    }
    return r;
  }
}
