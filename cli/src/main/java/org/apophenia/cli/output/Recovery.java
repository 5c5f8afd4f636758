package org.apophenia.cli.output;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The recovery rule and the reader of {@link FileSet}'s protocol (see its class comment): rolling a
 * commit forward, removing what dead runs staged, and finding the current set of a directory.
 * Stateless.
 */
final class Recovery {
  private Recovery() {}

  /**
   * Rolls forward a commit a killed run left in {@code dir} and removes the staging directories of
   * dead runs; does nothing (and takes no lock) when there is nothing to recover.
   */
  static void recover(Path dir) throws IOException {
    if (!Files.exists(dir.resolve(FileSet.COMMIT), LinkOption.NOFOLLOW_LINKS) && deadStagings(dir).isEmpty()) {
      return;
    }
    synchronized (FileSetLocks.COMMITS) {
      try (DirLock lock = DirLock.acquire(dir)) {
        rollForward(dir, step -> { });
        for (Path p : deadStagings(dir)) {
          deleteTree(p);
        }
      }
    }
  }

  /** Installs what remains of {@code dir}'s commit directory (the protocol's step 4); the lock is held. */
  static void rollForward(Path dir, FileSet.Steps steps) throws IOException {
    Path commit = dir.resolve(FileSet.COMMIT);
    if (!Files.isDirectory(commit, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Path staged = commit.resolve(Manifest.FILE_NAME);
    if (Files.exists(staged, LinkOption.NOFOLLOW_LINKS)) {
      Manifest m;
      try {
        m = Manifest.read(staged);
      } catch (IOException e) {
        throw new IOException(commit + ": cannot roll the interrupted commit forward (" + e.getMessage()
            + "); remove " + commit + " to keep the previous set", e);
      }
      for (Manifest.Entry e : m.files()) {
        Path src = commit.resolve(e.name());
        if (Files.exists(src, LinkOption.NOFOLLOW_LINKS)) { // else installed already, or carried over
          Files.move(src, dir.resolve(e.name()), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
          steps.reached("installed " + e.name());
        }
      }
      Files.move(staged, dir.resolve(Manifest.FILE_NAME), StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
      steps.reached("installed " + Manifest.FILE_NAME);
    }
    deleteTree(commit); // empty now; anything else in it is no file of any set
    Sync.directory(dir);
  }

  /**
   * The entries of {@code dir}'s current manifest that are not among {@code rewritten} and whose files
   * are still byte for byte what it says (someone else's edit drops a file from the set).
   */
  static List<Manifest.Entry> intactPrevious(Path dir, Collection<String> rewritten) {
    List<Manifest.Entry> kept = new ArrayList<>();
    Path file = dir.resolve(Manifest.FILE_NAME);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return kept;
    }
    Manifest previous;
    try {
      previous = Manifest.read(file);
    } catch (IOException e) {
      return kept; // not ours, or unreadable: the new manifest replaces it
    }
    for (Manifest.Entry e : previous.files()) {
      if (!rewritten.contains(e.name()) && Manifest.matches(dir.resolve(e.name()), e)) {
        kept.add(e);
      }
    }
    return kept;
  }

  /** The reader's rule (see {@link FileSet}): which set is current, where its files are, whether it is whole. */
  static FileSet.Found read(Path dir) {
    Path commit = dir.resolve(FileSet.COMMIT);
    Path manifestFile = commit.resolve(Manifest.FILE_NAME);
    boolean pending = Files.isRegularFile(manifestFile, LinkOption.NOFOLLOW_LINKS);
    if (!pending) {
      manifestFile = dir.resolve(Manifest.FILE_NAME);
      if (!Files.exists(manifestFile, LinkOption.NOFOLLOW_LINKS)) {
        return new FileSet.Found(FileSet.Status.ABSENT, null, Map.of(), null);
      }
    }
    Manifest m;
    try {
      m = Manifest.read(manifestFile);
    } catch (IOException e) {
      return new FileSet.Found(FileSet.Status.BROKEN, null, Map.of(), e.getMessage());
    }
    Map<String, Path> where = new LinkedHashMap<>();
    for (Manifest.Entry e : m.files()) {
      Path p = pending && Files.exists(commit.resolve(e.name()), LinkOption.NOFOLLOW_LINKS)
          ? commit.resolve(e.name()) : dir.resolve(e.name());
      if (!Manifest.matches(p, e)) {
        return new FileSet.Found(FileSet.Status.BROKEN, m, where, p + " is not the " + e.bytes()
            + "-byte file with SHA-256 " + e.sha256() + " that " + manifestFile + " names");
      }
      where.put(e.name(), p);
    }
    return new FileSet.Found(FileSet.Status.WHOLE, m, where, null);
  }

  /** The staging directories in {@code dir} whose owner is dead. */
  static List<Path> deadStagings(Path dir) throws IOException {
    List<Path> dead = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, FileSet.STAGING_PREFIX + "*")) {
      for (Path p : s) {
        Optional<OwnerTag> owner = OwnerTag.parse(p.getFileName().toString(), FileSet.STAGING_PREFIX);
        if (owner.isPresent() && !owner.get().isAlive() && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          dead.add(p);
        }
      }
    } catch (NoSuchFileException e) {
      // no directory, nothing staged
    }
    return dead;
  }

  /** Deletes {@code root} and everything under it, never following a symbolic link; gone already is fine. */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.deleteIfExists(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        if (e != null) {
          throw e;
        }
        Files.deleteIfExists(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
