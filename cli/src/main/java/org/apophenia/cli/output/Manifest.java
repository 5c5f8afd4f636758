package org.apophenia.cli.output;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * The record of one file set ({@link FileSet}): the name, size and SHA-256 of every file in it, so
 * that a reader can check that the set it finds is whole. Written as {@code manifest.json}:
 * <pre>{@code
 * {"format": "apophenia-file-set/1",
 *  "files": [{"name": "summary.json", "bytes": 1234, "sha256": "9f86d0..."}, ...]}
 * }</pre>
 * Names are plain file names in the set's directory, in the order the files were written. Immutable.
 *
 * @param files the files of the set
 */
public record Manifest(List<Entry> files) {
  /** The manifest's file name in a set's directory. */
  public static final String FILE_NAME = "manifest.json";
  /** The value of {@code format}: the layout of this file and the protocol of {@link FileSet}. */
  public static final String FORMAT = "apophenia-file-set/1";
  /** A manifest is small; a larger {@code manifest.json} is not one of ours. */
  static final int MAX_BYTES = 1 << 20;

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /**
   * One file of a set.
   *
   * @param name its plain file name
   * @param bytes its size
   * @param sha256 its SHA-256, 64 lower-case hex digits
   */
  public record Entry(String name, long bytes, String sha256) {}

  public Manifest {
    files = List.copyOf(files);
  }

  /** The entry named {@code name}, or null. */
  public Entry entry(String name) {
    for (Entry e : files) {
      if (e.name().equals(name)) {
        return e;
      }
    }
    return null;
  }

  /** The names of the files, in order. */
  public List<String> names() {
    return files.stream().map(Entry::name).toList();
  }

  /** The JSON text of this manifest. */
  public byte[] toJson() {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    ArrayNode arr = root.putArray("files");
    for (Entry e : files) {
      arr.addObject().put("name", e.name()).put("bytes", e.bytes()).put("sha256", e.sha256());
    }
    try {
      return (JSON.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e); // a tree of strings and numbers always serialises
    }
  }

  /**
   * Reads {@code file} as a manifest; throws {@link IOException} if it cannot be read and
   * {@link NotAManifest} if it is not one of ours (wrong format, malformed, a name that is not a
   * plain file name).
   */
  public static Manifest read(Path file) throws IOException {
    if (Files.size(file) > MAX_BYTES) {
      throw new NotAManifest(file + ": larger than " + MAX_BYTES + " bytes");
    }
    byte[] bytes = Files.readAllBytes(file);
    JsonNode root;
    try {
      root = JSON.readTree(StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes))
          .toString());
    } catch (JsonProcessingException | java.nio.charset.CharacterCodingException e) {
      throw new NotAManifest(file + ": not valid JSON");
    }
    if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))
        || !root.path("files").isArray()) {
      throw new NotAManifest(file + ": no \"format\": \"" + FORMAT + "\" and \"files\" list");
    }
    List<Entry> entries = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (JsonNode f : root.get("files")) {
      JsonNode name = f.get("name");
      JsonNode size = f.get("bytes");
      JsonNode sha = f.get("sha256");
      if (name == null || !name.isTextual() || !FileSet.isPlainName(name.textValue()) || size == null
          || !size.canConvertToLong() || !size.isIntegralNumber() || size.longValue() < 0 || sha == null
          || !sha.isTextual() || !sha.textValue().matches("[0-9a-f]{64}") || !seen.add(name.textValue())) {
        throw new NotAManifest(file + ": a malformed entry " + f);
      }
      entries.add(new Entry(name.textValue(), size.longValue(), sha.textValue()));
    }
    return new Manifest(entries);
  }

  /**
   * Whether {@code file} is a regular file (not a symbolic link) of {@code e}'s size and SHA-256;
   * reads it whole unless the size already differs.
   */
  public static boolean matches(Path file, Entry e) {
    try {
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) != e.bytes()) {
        return false;
      }
      return sha256(file).equals(e.sha256());
    } catch (IOException ex) {
      return false;
    }
  }

  /** The SHA-256 of {@code file}'s bytes, in hex. */
  static String sha256(Path file) throws IOException {
    MessageDigest md = digest();
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      int n;
      while ((n = in.read(buf)) > 0) {
        md.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }

  static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** A {@code manifest.json} that is not an Apophenia manifest. */
  public static final class NotAManifest extends IOException {
    private static final long serialVersionUID = 1L;

    NotAManifest(String message) {
      super(message);
    }
  }
}
