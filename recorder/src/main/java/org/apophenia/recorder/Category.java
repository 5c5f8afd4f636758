package org.apophenia.recorder;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The families of events a run can record, chosen at run time ({@code --profile-categories}), as
 * StarPU lets its users choose FxT's ({@code STARPU_FXT_EVENTS="TASK|DATA|WORKER"}; Denis et al.
 * §4.2: the fewer events, the smaller the overhead). A hooked class reads its {@link Probe}'s flag for
 * a category once per event site: a disabled category costs one predictable branch.
 */
public enum Category {
  /** Apophenia's glue, per operation: issued, tokenized, matched, forwarded. */
  OPS("ops"),
  /** Trace markers: where Apophenia issued them, and the runtime's record or replay of each occurrence. */
  TRACES("traces"),
  /** Mining jobs: queued, started, finished (on the mining thread), ingested. */
  MINING("mining"),
  /** The runtime's dependence analysis of each operation it analyses. */
  ANALYSIS("analysis"),
  /** The replay engine: each operation taken for replay, and each replay of a recording. */
  REPLAY("replay"),
  /** Where the program blocks: its blocking points, and the runtime's waits on futures and inline mappings. */
  WAITS("waits");

  private final String key;

  Category(String key) {
    this.key = key;
  }

  /** The name {@code --profile-categories} takes. */
  public String key() {
    return key;
  }

  /** Every key, in order: {@code ops, traces, mining, analysis, replay, waits}. */
  public static List<String> keys() {
    List<String> ks = new ArrayList<>();
    for (Category c : values()) {
      ks.add(c.key);
    }
    return ks;
  }

  /**
   * The categories a comma-separated list names ({@code all} for every one); IllegalArgumentException
   * naming the unknown or empty entry and the valid keys otherwise.
   */
  public static Set<Category> parseList(String list) {
    EnumSet<Category> set = EnumSet.noneOf(Category.class);
    if (list == null || list.isBlank()) {
      throw new IllegalArgumentException("no category given; valid: all or a comma-separated list of " + keys());
    }
    for (String raw : list.split(",", -1)) {
      String k = raw.strip().toLowerCase(Locale.ROOT);
      if (k.equals("all")) {
        set.addAll(EnumSet.allOf(Category.class));
        continue;
      }
      Category found = null;
      for (Category c : values()) {
        if (c.key.equals(k)) {
          found = c;
        }
      }
      if (found == null) {
        throw new IllegalArgumentException((k.isEmpty() ? "an empty entry" : "unknown category '" + raw.strip() + "'")
            + " in '" + list + "'; valid: all or a comma-separated list of " + keys());
      }
      set.add(found);
    }
    return set;
  }
}
