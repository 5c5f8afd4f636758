package org.apophenia.recorder;

/**
 * What one thread recorded and what the {@link Overflow} policy did about it. Exact once the thread
 * has stopped recording: {@code recorded = written + dropped + late}, where {@link #late()} are events
 * recorded after the recorder's last drain (a mining job that finished after the run), which are in
 * no file.
 *
 * @param thread the thread's track (order of its first event)
 * @param name the thread's name
 * @param recorded events recorded
 * @param written events the drainer moved out, which the files hold
 * @param dropped events overwritten ({@link Overflow#DROP_OLDEST}), or given up when the recorder
 *     stopped while the thread was blocked ({@link Overflow#BLOCK})
 * @param grown times the ring doubled ({@link Overflow#GROW})
 * @param blocks times the thread waited for room ({@link Overflow#BLOCK})
 * @param blockedNanos real time it waited
 */
public record ThreadStats(int thread, String name, long recorded, long written, long dropped, long grown,
    long blocks, long blockedNanos) {

  /** Events recorded but neither written nor dropped: recorded after the last drain. */
  public long late() {
    return Math.max(0, recorded - written - dropped);
  }
}
