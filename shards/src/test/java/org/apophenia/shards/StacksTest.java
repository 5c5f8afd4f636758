package org.apophenia.shards;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.SocketException;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jgroups.protocols.TCP;
import org.junit.jupiter.api.Test;

/** The transport's log: only the error of a connection closed under a message in flight is dropped. */
class StacksTest {
  @Test
  void onlyTheStreamClosedErrorOfAClosingConnectionIsDropped() {
    assertThat(Stacks.CLOSING_NOISE.isLoggable(record(new IOException("Stream closed")))).isFalse();
    assertThat(Stacks.CLOSING_NOISE.isLoggable(record(new SocketException("Connection reset")))).isTrue();
    assertThat(Stacks.CLOSING_NOISE.isLoggable(record(new IllegalStateException("Stream closed")))).isTrue();
    assertThat(Stacks.CLOSING_NOISE.isLoggable(record(null))).isTrue();
    assertThat(Logger.getLogger(TCP.class.getName()).getFilter()).as("installed on the TCP transport's log")
        .isSameAs(Stacks.CLOSING_NOISE);
  }

  private static LogRecord record(Throwable thrown) {
    LogRecord r = new LogRecord(Level.SEVERE, "JGRP000030: shard-2: failed handling incoming message");
    r.setThrown(thrown);
    return r;
  }
}
