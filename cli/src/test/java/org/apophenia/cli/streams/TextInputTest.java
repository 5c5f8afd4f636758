package org.apophenia.cli.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared text reader: line ends, the byte-order mark, and each kind of malformed line. */
class TextInputTest {
  @TempDir Path dir;

  private Path file(byte[] bytes) throws IOException {
    Path f = dir.resolve("f.txt");
    Files.write(f, bytes);
    return f;
  }

  private List<String> lines(Path f, List<String> malformed) {
    List<String> out = new ArrayList<>();
    TextInput.forEachLine(f, (n, s) -> out.add(n + ":" + s), malformed == null ? null : e -> malformed.add(e.getMessage()));
    return out;
  }

  @Test
  void lineEndsAndTheByteOrderMarkAreNotPartOfTheText() throws IOException {
    Path f = file("\uFEFFa\r\nb\n\nc".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(lines(f, null)).containsExactly("1:a", "2:b", "3:", "4:c");
  }

  @Test
  void malformedLinesNameFileLineAndColumnAndCanBeSkipped() throws IOException {
    Path f = file(new byte[] {'o', 'k', '\n', 'c', 'a', 'f', (byte) 0xe9, '\n', 'a', 0, 'b', '\n', 'e', 'n', 'd', '\n'});
    assertThatThrownBy(() -> lines(f, null)).isInstanceOf(MalformedStreamException.class)
        .hasMessage(f + ":2: not UTF-8: byte 0xE9 at column 4, byte offset 6");
    List<String> bad = new ArrayList<>();
    assertThat(lines(f, bad)).containsExactly("1:ok", "4:end");
    assertThat(bad).containsExactly(f + ":2: not UTF-8: byte 0xE9 at column 4, byte offset 6",
        f + ":3: NUL byte at column 2, byte offset 9 (a binary file?)");
  }

  @Test
  void aLineLongerThanTheLimitIsMalformedAndTheNextOneIsRead() throws IOException {
    byte[] big = new byte[TextInput.MAX_LINE_BYTES + 10];
    java.util.Arrays.fill(big, (byte) 'x');
    byte[] all = new byte[big.length + 4];
    System.arraycopy(big, 0, all, 0, big.length);
    System.arraycopy(new byte[] {'\n', 'o', 'k', '\n'}, 0, all, big.length, 4);
    Path f = file(all);
    List<String> bad = new ArrayList<>();
    assertThat(lines(f, bad)).containsExactly("2:ok");
    assertThat(bad).containsExactly(f + ":1: line longer than 1048576 bytes");
  }

  @Test
  void aFileThatCannotBeReadIsNamed() {
    assertThatThrownBy(() -> TextInput.checkReadable(dir.resolve("missing"))).isInstanceOf(InputException.class)
        .hasMessage(dir.resolve("missing") + ": no such file");
    assertThatThrownBy(() -> TextInput.readDocument(dir)).isInstanceOf(InputException.class)
        .hasMessage(dir + ": is a directory, not a file");
  }
}
