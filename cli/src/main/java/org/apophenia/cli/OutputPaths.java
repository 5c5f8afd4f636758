package org.apophenia.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.cli.output.Manifest;
import org.apophenia.cli.output.OutputFailure;
import org.apophenia.cli.output.SpillFile;

/**
 * The one place where commands check their output paths, before any work: a command that would fail
 * to write its results after minutes of running must refuse at once instead, with exit code 2 and one
 * line naming the flag, the path and the problem, and without writing anything.
 *
 * <p>A directory ({@code --out DIR}) must be a non-empty path whose components fit the file system's
 * limits, resolved the way the operating system will resolve it ({@code ok.txt/..} is "under a
 * file", never the current directory): if it exists it must be a directory, otherwise its nearest
 * existing ancestor must be a directory and the missing part must hold no {@code .} or {@code ..};
 * whichever of the two exists must accept a new file (checked by creating and deleting an empty
 * probe file, since permission bits say nothing to root and nothing about {@code /proc}). A file the
 * command will put there may exist as a regular file it may write, or as a symbolic link (replaced,
 * never written through), but not as a directory; a {@code manifest.json} there must be an Apophenia
 * manifest. A file ({@code --markdown FILE}) must not be a directory or a device such as
 * {@code /dev/null}, its directory must exist, and both must be writable. A command that keeps
 * records on disk while it runs also needs {@code java.io.tmpdir} ({@link #temporaryDirectory}).
 *
 * <p>Each check returns the path the command must then write to: the checked one, absolute, with
 * its existing part resolved, so that what is written is what was checked.
 */
final class OutputPaths {
  /** Longest file-name component, in bytes (Linux NAME_MAX). */
  static final int MAX_NAME_BYTES = 255;
  /** Longest path, in bytes (Linux PATH_MAX less the terminator). */
  static final int MAX_PATH_BYTES = 4095;

  private OutputPaths() {}

  /**
   * Checks {@code dir} as the output directory of {@code flag}, into which the command will write
   * {@code files} (and {@code manifest.json}); returns the directory to write to, or null if
   * {@code dir} is null (the flag was not given).
   */
  static Path directory(String flag, Path dir, List<String> files) {
    if (dir == null) {
      return null;
    }
    checkSyntax(flag, dir);
    Path abs = dir.toAbsolutePath();
    checkNotDangling(flag, dir, abs);
    Path target = resolve(flag, dir, abs);
    if (Files.exists(target)) {
      if (!Files.isDirectory(target)) {
        throw new UserError(flag + " " + dir + ": exists and is not a directory");
      }
      List<String> all = new ArrayList<>(files);
      all.add(Manifest.FILE_NAME);
      for (String f : all) {
        checkReplaceable(flag, dir, target.resolve(f), f);
      }
      checkManifest(flag, dir, target.resolve(Manifest.FILE_NAME));
      probe(flag, dir, target);
      return target;
    }
    probe(flag, dir, nearestExisting(target));
    return target;
  }

  /**
   * Checks {@code file} as a file {@code flag} will rewrite (read first if it exists); returns the
   * path to write to, or null if {@code file} is null.
   */
  static Path file(String flag, Path file) {
    if (file == null) {
      return null;
    }
    checkSyntax(flag, file);
    Path abs = file.toAbsolutePath();
    checkNotDangling(flag, file, abs);
    Path target = resolve(flag, file, abs);
    if (Files.isDirectory(target)) {
      throw new UserError(flag + " " + file + ": is a directory, not a file");
    }
    if (Files.exists(target) && !Files.isRegularFile(target)) {
      throw new UserError(flag + " " + file + ": is not a regular file");
    }
    Path parent = target.getParent();
    if (parent == null || !Files.exists(parent)) {
      throw new UserError(flag + " " + file + ": directory " + parent + " does not exist");
    }
    checkReplaceable(flag, file, target, null);
    probe(flag, file, parent);
    return target;
  }

  /**
   * {@code java.io.tmpdir}, checked for a command that keeps records there while it runs
   * ({@code why}); throws a {@link UserError} saying how to point it elsewhere.
   */
  static Path temporaryDirectory(String why) {
    String prop = System.getProperty("java.io.tmpdir");
    String fix = " (" + why + "; give another with JAVA_OPTS=-Djava.io.tmpdir=DIR)";
    if (prop == null || prop.isEmpty()) {
      throw new UserError("java.io.tmpdir is not set" + fix);
    }
    Path dir;
    try {
      dir = SpillFile.tempDirectory();
    } catch (InvalidPathException e) {
      throw new UserError("java.io.tmpdir " + prop + ": not a path" + fix);
    }
    if (!Files.exists(dir)) {
      throw new UserError("java.io.tmpdir " + dir + ": no such directory" + fix);
    }
    if (!Files.isDirectory(dir)) {
      throw new UserError("java.io.tmpdir " + dir + ": not a directory" + fix);
    }
    Path probe = null;
    try {
      probe = Files.createTempFile(dir, ".apophenia-", ".probe");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      String reason = e instanceof IOException io ? OutputFailure.reason(io) : e.toString();
      throw new UserError("java.io.tmpdir " + dir + ": cannot write there (" + reason + ")" + fix);
    } finally {
      deleteQuietly(probe);
    }
    return dir;
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

  /**
   * The path as the operating system will resolve it: the real path of its nearest existing ancestor
   * (which must be a directory), then the missing names, which must be plain names. Lexical
   * normalisation would read {@code ok.txt/..} as the current directory, where the system says "not
   * a directory".
   */
  private static Path resolve(String flag, Path given, Path abs) {
    Path existing = abs;
    List<String> missing = new ArrayList<>();
    while (existing != null && !Files.exists(existing)) {
      if (Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
        throw new UserError(flag + " " + given + ": " + existing + " is a symbolic link to a missing target");
      }
      if (existing.getFileName() != null) {
        missing.add(0, existing.getFileName().toString());
      }
      existing = existing.getParent();
    }
    if (existing == null) {
      existing = abs.getRoot();
    }
    if (!Files.isDirectory(existing) && !missing.isEmpty()) {
      throw new UserError(flag + " " + given + ": " + existing + " is a file, not a directory");
    }
    for (int i = 0; i < missing.size(); i++) {
      String m = missing.get(i);
      if (m.equals(".") || m.equals("..")) {
        Path before = Path.of(existing.toString(), missing.subList(0, i).toArray(String[]::new));
        throw new UserError(flag + " " + given + ": '" + m + "' follows " + before
            + ", which does not exist (the system resolves the path as written)");
      }
    }
    Path real;
    try {
      real = existing.toRealPath();
    } catch (IOException e) {
      throw new UserError(flag + " " + given + ": cannot resolve " + existing + " (" + OutputFailure.reason(e) + ")");
    }
    for (String m : missing) {
      real = real.resolve(m);
    }
    return real;
  }

  /** A symbolic link to nothing: writing through it would fail after the work, or write elsewhere. */
  private static void checkNotDangling(String flag, Path given, Path abs) {
    if (Files.isSymbolicLink(abs) && !Files.exists(abs)) {
      throw new UserError(flag + " " + given + ": is a symbolic link to a missing target");
    }
  }

  /**
   * {@code p} will be replaced by a new file: it may be absent, a symbolic link (the link is
   * replaced) or a regular file this user may write (read-only means "keep it").
   */
  private static void checkReplaceable(String flag, Path given, Path p, String name) {
    String what = name == null ? "" : name + " there ";
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(p)) {
      return;
    }
    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
      throw new UserError(flag + " " + given + ": " + what + "is a directory, not a file");
    }
    if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
      throw new UserError(flag + " " + given + ": " + what + "exists and is not a regular file");
    }
    if (!Files.isWritable(p)) {
      throw new UserError(flag + " " + given + ": " + what + "is read-only (a run replaces it; make it writable "
          + "or move it away)");
    }
  }

  /** An existing {@code manifest.json} must be one of ours: a run replaces it. */
  private static void checkManifest(String flag, Path given, Path manifest) {
    if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try {
      Manifest.read(manifest);
    } catch (Manifest.NotAManifest e) {
      throw new UserError(flag + " " + given + ": " + Manifest.FILE_NAME + " there is not an Apophenia manifest "
          + "(a run writes its own; move it away)");
    } catch (IOException e) {
      throw new UserError(flag + " " + given + ": cannot read " + Manifest.FILE_NAME + " there ("
          + OutputFailure.reason(e) + ")");
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
      String reason = e instanceof IOException io ? OutputFailure.reason(io) : e.toString();
      throw new UserError(flag + " " + given + ": cannot write in " + dir + " (" + reason + ")");
    } finally {
      deleteQuietly(probe);
    }
  }

  private static void deleteQuietly(Path p) {
    if (p != null) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException ignored) {
        // the probe is an empty hidden file; leaving it behind is harmless
      }
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
