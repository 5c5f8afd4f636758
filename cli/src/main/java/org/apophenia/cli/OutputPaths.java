package org.apophenia.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.apophenia.cli.streams.TextInput;

/**
 * The one place where commands check their output paths, before any work: a command that would fail
 * to write its results after minutes of running must refuse at once instead, with exit code 2 and one
 * line naming the flag, the path and the problem, and without writing anything.
 *
 * <p>A directory ({@code --out DIR}) must be a non-empty path whose components fit the file system's
 * limits; if it exists it must be a directory, otherwise its nearest existing ancestor must be a
 * directory (not a file: "a path under a file"); whichever of the two exists must accept a new file
 * (checked by creating and deleting an empty probe file, since permission bits say nothing to root
 * and nothing about {@code /proc}). Files the command will write into it must not exist as anything
 * but regular files. A file ({@code --markdown FILE}) must not be a directory or a device such as
 * {@code /dev/null}, its directory must exist, and both must be writable.
 */
final class OutputPaths {
  /** Longest file-name component, in bytes (Linux NAME_MAX). */
  static final int MAX_NAME_BYTES = 255;
  /** Longest path, in bytes (Linux PATH_MAX less the terminator). */
  static final int MAX_PATH_BYTES = 4095;

  private OutputPaths() {}

  /**
   * Checks {@code dir} as the output directory of {@code flag}, into which the command will write
   * {@code files}; returns {@code dir}, or null if it is null (the flag was not given).
   */
  static Path directory(String flag, Path dir, List<String> files) {
    if (dir == null) {
      return null;
    }
    checkSyntax(flag, dir);
    Path abs = dir.toAbsolutePath().normalize();
    checkNotDangling(flag, dir, abs);
    if (Files.exists(abs)) {
      if (!Files.isDirectory(abs)) {
        throw new UserError(flag + " " + dir + ": exists and is not a directory");
      }
      for (String f : files) {
        Path p = abs.resolve(f);
        if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(p)) {
          throw new UserError(flag + " " + dir + ": " + f + " there exists and is not a regular file");
        }
      }
      probe(flag, dir, abs);
      return dir;
    }
    Path ancestor = nearestExisting(abs);
    if (!Files.isDirectory(ancestor)) {
      throw new UserError(flag + " " + dir + ": " + ancestor + " is a file, not a directory");
    }
    probe(flag, dir, ancestor);
    return dir;
  }

  /**
   * Checks {@code file} as a file {@code flag} will rewrite (read first if it exists); returns it, or
   * null if it is null.
   */
  static Path file(String flag, Path file) {
    if (file == null) {
      return null;
    }
    checkSyntax(flag, file);
    Path abs = file.toAbsolutePath().normalize();
    checkNotDangling(flag, file, abs);
    if (Files.isDirectory(abs)) {
      throw new UserError(flag + " " + file + ": is a directory, not a file");
    }
    if (Files.exists(abs) && !Files.isRegularFile(abs)) {
      throw new UserError(flag + " " + file + ": is not a regular file");
    }
    Path parent = abs.getParent();
    if (parent == null || !Files.exists(parent)) {
      throw new UserError(flag + " " + file + ": directory " + parent + " does not exist");
    }
    if (!Files.isDirectory(parent)) {
      throw new UserError(flag + " " + file + ": " + nearestExisting(parent) + " is a file, not a directory");
    }
    probe(flag, file, parent);
    return file;
  }

  private static void checkSyntax(String flag, Path p) {
    String s = p.toString();
    if (s.isEmpty()) {
      throw new UserError(flag + ": empty path");
    }
    if (s.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
      throw new UserError(flag + ": path longer than " + MAX_PATH_BYTES + " bytes");
    }
    for (Path name : p) {
      int n = name.toString().getBytes(StandardCharsets.UTF_8).length;
      if (n > MAX_NAME_BYTES) {
        throw new UserError(flag + ": name '" + abbreviate(name.toString()) + "' is " + n
            + " bytes long, longer than the file system's " + MAX_NAME_BYTES);
      }
    }
  }

  /** A symbolic link to nothing: writing through it would fail after the work, or write elsewhere. */
  private static void checkNotDangling(String flag, Path given, Path abs) {
    if (Files.isSymbolicLink(abs) && !Files.exists(abs)) {
      throw new UserError(flag + " " + given + ": is a symbolic link to a missing target");
    }
  }

  private static Path nearestExisting(Path abs) {
    Path p = abs;
    while (p != null && !Files.exists(p)) {
      p = p.getParent();
    }
    return p == null ? abs.getRoot() : p;
  }

  /** Creates and deletes an empty file in {@code dir}: the only test of writability that root cannot fool. */
  private static void probe(String flag, Path given, Path dir) {
    Path probe = null;
    try {
      probe = Files.createTempFile(dir, ".apophenia-", ".probe");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      String reason = e instanceof IOException io ? TextInput.reason(io) : e.toString();
      throw new UserError(flag + " " + given + ": cannot write in " + dir + " (" + reason + ")");
    } finally {
      if (probe != null) {
        try {
          Files.deleteIfExists(probe);
        } catch (IOException ignored) {
          // the probe is an empty hidden file; leaving it behind is harmless
        }
      }
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
