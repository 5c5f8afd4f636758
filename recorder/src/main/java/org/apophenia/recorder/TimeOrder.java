package org.apophenia.recorder;

/**
 * Orders one thread's events by time, ties in recording order. A thread records in time order except
 * for {@link EventKind.Shape#COMPLETE} events, stamped with the time their slice began and recorded
 * when it ended: each is out of place by the events recorded while its slice ran, which the hooks
 * make none. Insertion sort: O(n + displacement), in place, stable.
 */
final class TimeOrder {
  private TimeOrder() {}

  static void sort(long[] e) {
    int w = Ring.WIDTH;
    int n = e.length / w;
    for (int i = 1; i < n; i++) {
      long t = e[i * w];
      if (e[(i - 1) * w] <= t) {
        continue;
      }
      long h = e[i * w + 1];
      long a = e[i * w + 2];
      int j = i - 1;
      while (j >= 0 && e[j * w] > t) {
        e[(j + 1) * w] = e[j * w];
        e[(j + 1) * w + 1] = e[j * w + 1];
        e[(j + 1) * w + 2] = e[j * w + 2];
        j--;
      }
      e[(j + 1) * w] = t;
      e[(j + 1) * w + 1] = h;
      e[(j + 1) * w + 2] = a;
    }
  }
}
