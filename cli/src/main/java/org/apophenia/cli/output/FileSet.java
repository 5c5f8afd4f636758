package org.apophenia.cli.output;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The files one command writes into one directory, put in place as a set: after any interruption
 * (an error, running out of memory, SIGTERM, SIGKILL, a power cut after the last fsync) a reader finds
 * either the previous complete set or the new complete set, never a mix and never a file cut short.
 *
 * <pre>{@code
 * try (FileSet set = FileSet.open(dir)) {          // recovers what a killed run left, makes the staging directory
 *   try (Writer w = set.writer("summary.json")) { ... }
 *   try (OutputStream o = set.create("trace-search.png")) { ... }
 *   set.commit();                                  // the whole set, at once; without it, nothing
 * }
 * }</pre>
 *
 * <h2>Protocol</h2>
 * <ol>
 *   <li><b>Stage.</b> Every file is written, under its final name, into
 *       {@code DIR/.apophenia-staging-<pid>-<start>-<random>/} ({@link OwnerTag}), and synced to disk
 *       when closed. Nothing visible in {@code DIR} changes.</li>
 *   <li><b>Manifest.</b> Under {@code DIR/.apophenia-lock} (an exclusive file lock, so that two
 *       runs never install at once), the new {@link Manifest} is written into the staging directory:
 *       the files staged, plus the files of the previous set that this run does not rewrite and that
 *       are still intact (so a run that writes some of a directory's files, such as
 *       {@code bench --only 4}, keeps the others in the set).</li>
 *   <li><b>Commit point.</b> The staging directory is renamed to {@code DIR/.apophenia-commit} (one
 *       atomic rename) and {@code DIR} is synced. Before this rename the new set does not exist;
 *       after it, it does, whatever happens next.</li>
 *   <li><b>Install.</b> Each file is renamed from {@code .apophenia-commit/} over its name in
 *       {@code DIR} (an existing file or symbolic link of that name is replaced, never written
 *       through), then the manifest over {@code DIR/manifest.json}, last; then the empty
 *       {@code .apophenia-commit} is removed.</li>
 * </ol>
 *
 * <h2>Invariant and recovery</h2>
 * The current set of {@code DIR} is the one {@code DIR/.apophenia-commit/manifest.json} names if that
 * file exists (a commit not yet fully installed), else the one {@code DIR/manifest.json} names, else
 * there is none. Every file of the current set is, byte for byte (size and SHA-256 as the manifest
 * says), in {@code .apophenia-commit/} or in {@code DIR} under its name. {@link #read} is the reader
 * that follows this rule. Recovery, at the start of the next {@link #open} or {@link #commit} on the
 * same directory: an {@code .apophenia-commit} is rolled forward (its remaining files and its manifest
 * installed, step 4); staging directories whose owner is dead are removed (a run killed before its
 * commit point: the previous set stands). A staging directory whose owner is alive is never touched.
 * On SIGTERM a shutdown hook removes this run's staging directory, after waiting for a commit in
 * progress to finish.
 *
 * <p>Not thread-safe: one thread writes a set (the shutdown hook excepted, see above).
 */
public final class FileSet implements Closeable {
  static final String STAGING_PREFIX = ".apophenia-staging-";
  static final String COMMIT = ".apophenia-commit";
  static final String LOCK = ".apophenia-lock";

  private enum State { OPEN, COMMITTED, ABORTED }

  private final Path dir;
  private final Path staging;
  /** Directories {@link #open} created, deepest first: removed again if the set is aborted. */
  private final List<Path> created;
  private final Map<String, Manifest.Entry> staged = new LinkedHashMap<>();
  private final List<String> open = new ArrayList<>();
  private State state = State.OPEN;
  /** Test hook: where a simulated crash stops a commit (see {@link #commit(Steps)}). */
  interface Steps {
    void reached(String step) throws IOException;
  }

  private FileSet(Path dir, Path staging, List<Path> created) {
    this.dir = dir;
    this.staging = staging;
    this.created = created;
  }

  /**
   * Opens a new set for {@code dir}, creating it (and missing parents) if needed, after recovering
   * what a killed run left there (see the class comment).
   */
  public static FileSet open(Path dir) throws IOException {
    Path abs = dir.toAbsolutePath();
    List<Path> created = new ArrayList<>();
    for (Path p = abs; p != null && !Files.exists(p); p = p.getParent()) {
      created.add(p);
    }
    Files.createDirectories(abs);
    Recovery.recover(abs);
    Path staging = abs.resolve(STAGING_PREFIX + OwnerTag.current() + "-"
        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
    Files.createDirectory(staging);
    FileSet set = new FileSet(abs, staging, created);
    ShutdownCleanup.register(set);
    return set;
  }

  /** The directory the set goes into. */
  public Path directory() {
    return dir;
  }

  /**
   * A new file of the set, written through the returned stream (buffered); it joins the set when
   * the stream is closed, synced to disk. A name may be written once per set.
   */
  public OutputStream create(String name) throws IOException {
    if (state != State.OPEN) {
      throw new IllegalStateException("the set is " + state.name().toLowerCase());
    }
    if (!isPlainName(name) || name.equals(Manifest.FILE_NAME)) {
      throw new IllegalArgumentException("not a file name a set may hold: '" + name + "'");
    }
    if (staged.containsKey(name) || open.contains(name)) {
      throw new IllegalArgumentException(name + " is already in the set");
    }
    FileChannel ch;
    try {
      ch = FileChannel.open(staging.resolve(name), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw OutputFailure.of(dir.resolve(name), e);
    }
    open.add(name);
    return new BufferedOutputStream(new Staged(name, ch), 1 << 16);
  }

  /** {@link #create} as a UTF-8 text writer (buffered). */
  public Writer writer(String name) throws IOException {
    return new BufferedWriter(new OutputStreamWriter(create(name), StandardCharsets.UTF_8));
  }

  /** Writes {@code text} as the file {@code name} of the set, in UTF-8. */
  public void writeString(String name, String text) throws IOException {
    try (Writer w = writer(name)) {
      w.write(text);
    }
  }

  /** The names staged so far, in order. */
  public List<String> names() {
    return List.copyOf(staged.keySet());
  }

  /**
   * Puts the set in place (the protocol's steps 2 to 4) and returns its manifest. Every stream from
   * {@link #create} must be closed. A failure before the commit point leaves the previous set; after
   * it, the next open rolls the new one forward.
   */
  public Manifest commit() throws IOException {
    return commit(step -> { });
  }

  /** {@link #commit()}, telling {@code steps} each step reached (a test stops it there). */
  synchronized Manifest commit(Steps steps) throws IOException {
    if (state != State.OPEN) {
      throw new IllegalStateException("the set is " + state.name().toLowerCase());
    }
    if (!open.isEmpty()) {
      throw new IllegalStateException("files still being written: " + open);
    }
    synchronized (FileSetLocks.COMMITS) {
      try (DirLock lock = DirLock.acquire(dir)) {
        Recovery.rollForward(dir, step -> { });
        List<Manifest.Entry> entries = new ArrayList<>(staged.values());
        entries.addAll(Recovery.intactPrevious(dir, staged.keySet()));
        Manifest m = new Manifest(entries);
        writeSynced(staging.resolve(Manifest.FILE_NAME), m.toJson());
        Sync.directory(staging);
        steps.reached("staged");
        Files.move(staging, dir.resolve(COMMIT), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        state = State.COMMITTED; // the commit point: from here on the new set is the current one
        ShutdownCleanup.unregister(this);
        Sync.directory(dir);
        steps.reached("committed");
        Recovery.rollForward(dir, steps);
        return m;
      }
    }
  }

  /** Removes the staging directory unless the set was committed; idempotent. */
  @Override
  public synchronized void close() throws IOException {
    if (state == State.OPEN) {
      abort();
    }
  }

  /** The shutdown hook's abort: waits for a commit in progress (this object's lock), then aborts. */
  synchronized void abortOnShutdown() {
    if (state == State.OPEN) {
      try {
        abort();
      } catch (IOException e) {
        // the next start removes the staging directory: its owner is dead by then
      }
    }
  }

  private void abort() throws IOException {
    state = State.ABORTED;
    ShutdownCleanup.unregister(this);
    Recovery.deleteTree(staging);
    for (Path p : created) { // deepest first; stops at the first that holds something
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        break;
      }
    }
  }

  /**
   * What a reader finds in {@code dir}, following the invariant of the class comment: the current
   * set's manifest and where each of its files is, checked byte for byte.
   */
  public static Found read(Path dir) {
    return Recovery.read(dir.toAbsolutePath());
  }

  /**
   * What {@link #read} found.
   *
   * @param status whether there is a set and whether it is whole
   * @param manifest the current set's manifest (null if {@link Status#ABSENT})
   * @param files where each file of the set is (its name in {@code DIR} or in the commit directory)
   * @param problem for {@link Status#BROKEN}, the first file that does not match, and how
   */
  public record Found(Status status, Manifest manifest, Map<String, Path> files, String problem) {}

  /** The outcomes of {@link #read}. */
  public enum Status {
    /** No set: no manifest in the directory. */
    ABSENT,
    /** A set whose every file matches its manifest. */
    WHOLE,
    /** A manifest some file does not match: not something this protocol leaves, whatever interrupts it. */
    BROKEN
  }

  /** Whether {@code name} is a plain file name: one component, not hidden by the protocol's prefix. */
  static boolean isPlainName(String name) {
    return !name.isEmpty() && !name.equals(".") && !name.equals("..") && name.indexOf('/') < 0
        && name.indexOf('\\') < 0 && name.indexOf('\0') < 0 && !name.startsWith(".apophenia-")
        && name.getBytes(StandardCharsets.UTF_8).length <= 255;
  }

  private static void writeSynced(Path file, byte[] bytes) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      while (b.hasRemaining()) {
        ch.write(b);
      }
      ch.force(true);
    }
  }

  /** One staged file: counts and hashes what is written, syncs and records it on close. */
  private final class Staged extends OutputStream {
    private final String name;
    private final FileChannel ch;
    private final MessageDigest sha = Manifest.digest();
    private long bytes;
    private boolean closed;
    /** A write failed: the file is not whole and never joins the set. */
    private boolean failed;

    Staged(String name, FileChannel ch) {
      this.name = name;
      this.ch = ch;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (closed) {
        throw new IOException("stream closed");
      }
      ByteBuffer buf = ByteBuffer.wrap(b, off, len);
      try {
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
      } catch (IOException e) {
        failed = true;
        throw OutputFailure.of(dir.resolve(name), e);
      }
      sha.update(b, off, len);
      bytes += len;
    }

    @Override
    public void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try {
        ch.force(true);
      } catch (IOException e) {
        failed = true;
        throw OutputFailure.of(dir.resolve(name), e);
      } finally {
        ch.close();
        open.remove(name);
      }
      if (failed) {
        return;
      }
      staged.put(name, new Manifest.Entry(name, bytes, HexFormat.of().formatHex(sha.digest())));
    }
  }
}
