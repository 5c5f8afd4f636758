package org.apophenia.shards;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What shards say to each other over the group: who they are when they join ({@link Hello}), and
 * their contribution to one all-reduce ({@link Contribution}). A few dozen bytes each, encoded by
 * hand (no Java serialization on the wire).
 */
sealed interface ShardMessage permits ShardMessage.Hello, ShardMessage.Contribution {
  byte HELLO = 1;
  byte CONTRIBUTION = 2;

  /**
   * A shard announcing itself, on joining and again whenever a member joins after it.
   *
   * @param rank its place among the shards, 0..size-1
   * @param size how many shards it was told there are
   * @param fingerprint of the command it runs (every shard must run the same one)
   * @param pid its process id, for messages
   * @param host its host name, for messages
   */
  record Hello(int rank, int size, long fingerprint, long pid, String host) implements ShardMessage {}

  /**
   * A shard's value for all-reduce number {@code round} (counted from 0 on every shard).
   *
   * @param purpose what the all-reduce is for: every shard must be at the same one
   */
  record Contribution(int rank, long round, Purpose purpose, long value) implements ShardMessage {}

  /** What an all-reduce is for; two shards at the same round with different purposes have diverged. */
  enum Purpose {
    /** An ingestion point of the trace finder. */
    INGESTION,
    /** The agreement on the decision logs at the end of the run. */
    FINAL
  }

  default byte[] encode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      if (this instanceof Hello h) {
        out.writeByte(HELLO);
        out.writeInt(h.rank());
        out.writeInt(h.size());
        out.writeLong(h.fingerprint());
        out.writeLong(h.pid());
        out.writeUTF(h.host());
      } else if (this instanceof Contribution c) {
        out.writeByte(CONTRIBUTION);
        out.writeInt(c.rank());
        out.writeLong(c.round());
        out.writeByte(c.purpose().ordinal());
        out.writeLong(c.value());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return bytes.toByteArray();
  }

  /** The message in {@code buf[offset, offset + length)}; an {@link IOException} if it is not one. */
  static ShardMessage decode(byte[] buf, int offset, int length) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(buf, offset, length));
    byte kind = in.readByte();
    return switch (kind) {
      case HELLO -> new Hello(in.readInt(), in.readInt(), in.readLong(), in.readLong(), in.readUTF());
      case CONTRIBUTION -> {
        int rank = in.readInt();
        long round = in.readLong();
        int purpose = in.readByte();
        if (purpose < 0 || purpose >= Purpose.values().length) {
          throw new IOException("unknown purpose " + purpose);
        }
        yield new Contribution(rank, round, Purpose.values()[purpose], in.readLong());
      }
      default -> throw new IOException("unknown message kind " + kind);
    };
  }
}
