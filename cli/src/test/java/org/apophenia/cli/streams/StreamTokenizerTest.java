package org.apophenia.cli.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Traceability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The token is a function of the operation's content (name, canonical arguments), whichever way the
 * operation was built and whatever stream it came from; operations whose analysis could differ get
 * different tokens.
 */
class StreamTokenizerTest {
  private static long token(StreamOp op) {
    return StreamTokenizer.INSTANCE.token(op);
  }

  private static StreamOp op(String name, String... args) {
    return new StreamOp(name, List.of(args), Traceability.TRACEABLE);
  }

  @Test
  void parsedOpsGetTheTokensOfTheirContentInAnyStream(@TempDir Path dir) throws IOException {
    Path a = dir.resolve("a.txt");
    Path b = dir.resolve("b.txt");
    Files.writeString(a, "# starpu-capture v1\nscal 0x1:3 0x2:1\ngemv 0x3:1\nscal 0x1:03 0x2:1\n");
    Files.writeString(b, "# starpu-capture v1\nother 0x9:2\nscal 0x1:3 0x2:1\n");
    List<StreamOp> fromA = new ArrayList<>();
    new StreamReader(a, StreamFormat.STARPU).forEach(fromA::add);
    List<StreamOp> fromB = new ArrayList<>();
    new StreamReader(b, StreamFormat.STARPU).forEach(fromB::add);
    long scal = token(op("scal", "0x1:3", "0x2:1"));
    assertThat(token(fromA.get(0))).isEqualTo(scal);
    assertThat(token(fromA.get(2))).as("the mode is canonical: 03 is 3").isEqualTo(scal);
    assertThat(token(fromB.get(1))).as("the same op in another stream, after other strings").isEqualTo(scal);
    assertThat(fromA.get(0)).isEqualTo(op("scal", "0x1:3", "0x2:1"));
  }

  @Test
  void jsonlOpsAreKeyedLikeBuiltOnes(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("s.jsonl");
    Files.writeString(f, "{\"task\":\"t\",\"args\":[{\"data\":\"r1\",\"mode\":\"rw\"}]}\n");
    List<StreamOp> ops = new ArrayList<>();
    new StreamReader(f, StreamFormat.JSONL).forEach(ops::add);
    assertThat(token(ops.get(0))).isEqualTo(token(op("t", "r1:rw")));
  }

  @Test
  void opsWhoseAnalysisCouldDifferGetDifferentTokens() {
    List<StreamOp> ops = List.of(op("scal", "0x1:3", "0x2:1"), op("scal", "0x2:1", "0x1:3"),
        op("scal", "0x1:1", "0x2:1"), op("axpy", "0x1:3", "0x2:1"), op("scal", "0x1:3"),
        op("scal", "0x1:3", "0x2:1", "0x2:1"), op("scal"), op("scal", ""), op("scal0x1:3"));
    Set<Long> tokens = new HashSet<>();
    for (StreamOp o : ops) {
      tokens.add(token(o));
    }
    assertThat(tokens).hasSize(ops.size());
  }

  @Test
  void aKeyIsTheStringsOwnHashAndTheCacheChangesNone() {
    ArgKeys keys = new ArgKeys();
    for (int i = 0; i < ArgKeys.MAX_ENTRIES + 10; i++) {
      String s = "0x" + Integer.toHexString(i) + ":1";
      assertThat(keys.cached(s)).isEqualTo(TokenHasher.start().putString(s).token());
    }
    assertThat(keys.cached("0x0:1")).as("after the cache started over").isEqualTo(ArgKeys.key("0x0:1"));
    assertThat(op("a", "b").keys()).containsExactly(ArgKeys.key("a"), ArgKeys.key("b"));
  }
}
