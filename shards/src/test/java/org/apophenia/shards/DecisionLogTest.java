package org.apophenia.shards;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apophenia.autotrace.TraceSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The decision log: its lines, its digest, and that its file is whole or absent. */
class DecisionLogTest {
  @TempDir Path dir;

  /** Two ops, a trace of three, one op: what a shard's runtime would receive. */
  private static void feed(TraceSink<String> s) {
    s.op("a");
    s.op("b", 11);
    s.beginTrace(7);
    s.op("c", 12);
    s.op("d", 13);
    s.op("e", 14);
    s.endTrace(7);
    s.op("f");
  }

  @Test
  void logsEachMarkerWithTheOperationsBeforeItAndForwardsEverything() throws Exception {
    List<String> seen = new ArrayList<>();
    TraceSink<String> next = new TraceSink<>() {
      @Override
      public void op(String op) {
        seen.add(op);
      }

      @Override
      public void op(String op, long token) {
        seen.add(op + "#" + token);
      }

      @Override
      public void beginTrace(long id) {
        seen.add("begin " + id);
      }

      @Override
      public void endTrace(long id) {
        seen.add("end " + id);
      }
    };
    Path file = dir.resolve("decisions-shard-0.csv");
    try (DecisionLog<String> log = DecisionLog.open(file, next)) {
      feed(log);
      assertThat(file).as("nothing in place before the commit").doesNotExist();
      log.commit();
      assertThat(log.ops()).isEqualTo(6);
      assertThat(log.markers()).isEqualTo(2);
    }
    assertThat(seen).containsExactly("a", "b#11", "begin 7", "c#12", "d#13", "e#14", "end 7", "f");
    String text = Files.readString(file);
    assertThat(text).isEqualTo("op,trace,marker\n2,7,begin\n5,7,end\n");
    assertThat(hiddenFiles()).as("no temporary file left").isEmpty();
  }

  @Test
  void theDigestIsTheFilesSha256AndNeedsNoFile() throws Exception {
    Path file = dir.resolve("d.csv");
    String withFile;
    try (DecisionLog<String> log = DecisionLog.open(file, null)) {
      feed(log);
      log.commit();
      withFile = log.sha256();
    }
    String fileSha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    assertThat(withFile).isEqualTo(fileSha);
    try (DecisionLog<String> digestOnly = DecisionLog.open(null, null)) {
      feed(digestOnly);
      assertThat(digestOnly.sha256()).isEqualTo(fileSha);
      digestOnly.commit();
    }
  }

  @Test
  void aLogClosedWithoutCommitLeavesNothing() throws Exception {
    Path file = dir.resolve("decisions-shard-1.csv");
    try (DecisionLog<String> log = DecisionLog.open(file, null)) {
      feed(log);
      assertThat(hiddenFiles()).as("written to a hidden partial file meanwhile").hasSize(1);
    }
    assertThat(file).doesNotExist();
    assertThat(hiddenFiles()).isEmpty();
  }

  @Test
  void aCommitReplacesAnOlderLogWhole() throws Exception {
    Path file = dir.resolve("decisions-shard-0.csv");
    Files.writeString(file, "an older run's log\n".repeat(1000));
    try (DecisionLog<String> log = DecisionLog.open(file, null)) {
      feed(log);
      log.commit();
    }
    assertThat(Files.readString(file)).isEqualTo("op,trace,marker\n2,7,begin\n5,7,end\n");
  }

  private List<Path> hiddenFiles() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith(".")).toList();
    }
  }
}
