package org.apophenia.shards;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What shards say to each other over the group: who they are while they join ({@link Hello}),
 * their contribution to one all-reduce ({@link Contribution}), and why they cannot go on
 * ({@link Failed}). A few dozen bytes each, encoded by
 * hand (no Java serialization on the wire).
 */
sealed interface ShardMessage permits ShardMessage.Hello, ShardMessage.Contribution, ShardMessage.Failed {
  byte HELLO = 1;
  byte CONTRIBUTION = 2;
  byte FAILED = 3;

  /**
   * A shard announcing itself, until joining is over (see {@code JGroupsCollective}).
   *
   * @param rank its place among the shards, 0..size-1
   * @param size how many shards it was told there are
   * @param fingerprint of the command it runs (every shard must run the same one)
   * @param pid its process id, for messages
   * @param host its host name, for messages
   * @param known how many shards (itself included) it has heard from
   * @param settled whether it has heard every shard say that it heard from all of them: joining is
   *     over for it
   */
  record Hello(int rank, int size, long fingerprint, long pid, String host, int known, boolean settled)
      implements ShardMessage {}

  /**
   * A shard's value for all-reduce number {@code round} (counted from 0 on every shard).
   *
   * @param purpose what the all-reduce is for: every shard must be at the same one
   */
  record Contribution(int rank, long round, Purpose purpose, long value) implements ShardMessage {}

  /**
   * A shard found that the shards cannot run together (they were started unlike, or their streams
   * diverged) and is leaving: the others stop too, with its reason, rather than wait for it.
   */
  record Failed(int rank, ShardFailure.Kind kind, String message) implements ShardMessage {}

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
        out.writeInt(h.known());
        out.writeBoolean(h.settled());
      } else if (this instanceof Contribution c) {
        out.writeByte(CONTRIBUTION);
        out.writeInt(c.rank());
        out.writeLong(c.round());
        out.writeByte(c.purpose().ordinal());
        out.writeLong(c.value());
      } else if (this instanceof Failed f) {
        out.writeByte(FAILED);
        out.writeInt(f.rank());
        out.writeByte(f.kind().ordinal());
        out.writeUTF(f.message());
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
      case HELLO -> new Hello(in.readInt(), in.readInt(), in.readLong(), in.readLong(), in.readUTF(), in.readInt(),
          in.readBoolean());
      case CONTRIBUTION -> {
        int rank = in.readInt();
        long round = in.readLong();
        int purpose = in.readByte();
        if (purpose < 0 || purpose >= Purpose.values().length) {
          throw new IOException("unknown purpose " + purpose);
        }
        yield new Contribution(rank, round, Purpose.values()[purpose], in.readLong());
      }
      case FAILED -> {
        int rank = in.readInt();
        int k = in.readByte();
        if (k < 0 || k >= ShardFailure.Kind.values().length) {
          throw new IOException("unknown failure kind " + k);
        }
        yield new Failed(rank, ShardFailure.Kind.values()[k], in.readUTF());
      }
      default -> throw new IOException("unknown message kind " + kind);
    };
  }
}
