package org.apophenia.cli.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.autotrace.Traceability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry of stream formats (README, "Analyzing a captured task stream"): a format is found by
 * its key and by its file's name, as {@code --format}'s default rule says, and each format's parser
 * turns a line into its operation or names the file, the line and the reason.
 */
class StreamFormatTest {
  @TempDir Path dir;

  @Test
  void everyFormatIsFoundByItsKeyAndNothingElseIs() {
    for (StreamFormat f : StreamFormat.values()) {
      assertThat(StreamFormat.byKey(f.key())).isSameAs(f);
    }
    assertThat(StreamFormat.byKey("STARPU")).as("keys are lower case, as typed").isNull();
    assertThat(StreamFormat.byKey("xml")).isNull();
    assertThat(StreamFormat.keysInWords()).isEqualTo("starpu or jsonl");
  }

  @Test
  void theDefaultIsJsonlForJsonlAndJsonFilesElseStarpu() {
    assertThat(StreamFormat.forFile(Path.of("a.jsonl"))).isEqualTo(StreamFormat.JSONL);
    assertThat(StreamFormat.forFile(Path.of("dir.txt/a.json"))).isEqualTo(StreamFormat.JSONL);
    for (String name : List.of("a.txt", "cg", "a.jsonl.txt", "json")) {
      assertThat(StreamFormat.forFile(Path.of(name))).as(name).isEqualTo(StreamFormat.STARPU);
    }
    // endings are matched without case: an upper-case .JSONL was read as a StarPU capture (0% traced)
    for (String name : List.of("a.JSONL", "a.Jsonl", "A.JSON", "dir.TXT/b.JsOn")) {
      assertThat(StreamFormat.forFile(Path.of(name))).as(name).isEqualTo(StreamFormat.JSONL);
    }
    assertThat(StreamFormat.defaultInWords()).isEqualTo("jsonl for *.jsonl/*.json files (any case), else starpu");
  }

  @Test
  void eachParserReadsItsLinesAndNamesFileLineAndReason() {
    Path f = Path.of("capture.txt");
    StreamParser starpu = StreamFormat.STARPU.parser(f);
    assertThat(starpu.parse("scal 0x1:03  0x2:1", 7))
        .isEqualTo(new StreamOp("scal", List.of("0x1:3", "0x2:1"), Traceability.TRACEABLE));
    assertThatThrownBy(() -> starpu.parse("scal 0x1:RW", 9)).isInstanceOf(MalformedStreamException.class)
        .hasMessage("capture.txt:9: access mode 'RW' of argument 1 is not an integer");
    StreamParser jsonl = StreamFormat.JSONL.parser(f);
    assertThat(jsonl.parse("{\"task\":\"wait\",\"kind\":\"noop\",\"tag\":1}", 1))
        .isEqualTo(new StreamOp("wait", List.of(), Traceability.NO_OP));
    assertThat(jsonl.parse("{\"task\":\"t\",\"args\":[{\"data\":\"a\",\"mode\":\"R\",\"fields\":[0]}]}", 2))
        .isEqualTo(new StreamOp("t", List.of("a:R:fields=[0]"), Traceability.TRACEABLE));
    assertThatThrownBy(() -> jsonl.parse("{\"task\":3}", 12)).isInstanceOf(MalformedStreamException.class)
        .hasMessage("capture.txt:12: \"task\" must be a string");
  }

  @Test
  void theReaderSkipsCommentsAndBlankLinesForEveryFormatAndCountsSkippedLines() throws IOException {
    Path f = dir.resolve("s.jsonl");
    Files.writeString(f, "# a comment\n\n  {\"task\":\"a\",\"args\":[]}  \nnot json\n{\"task\":\"b\",\"args\":[]}\n");
    StreamReader lenient = new StreamReader(f, StreamFormat.forFile(f), true);
    List<StreamOp> ops = new ArrayList<>();
    assertThat(lenient.forEach(ops::add)).isEqualTo(2);
    assertThat(ops).extracting(StreamOp::name).containsExactly("a", "b");
    assertThat(lenient.skippedCount()).isEqualTo(1);
    assertThat(lenient.skipped().get(0).getMessage()).startsWith(f + ":4: not valid JSON: ");
    StreamReader strict = new StreamReader(f, StreamFormat.JSONL);
    assertThatThrownBy(() -> strict.forEach(op -> {})).isInstanceOf(MalformedStreamException.class)
        .hasMessageStartingWith(f + ":4: not valid JSON: ");
  }
}
