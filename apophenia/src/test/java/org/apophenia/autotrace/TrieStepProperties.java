package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The trie's flat step table answers what its nodes answer: after any sequence of inserts and
 * removals (prunes, reused ids), every live node steps on every token to the child its own links
 * give, with the same payload and children flags, and every pruned node is told apart from the node
 * that reused its id. The oracle is the node objects' own {@code child}, the structure the matchers
 * used before the table.
 */
class TrieStepProperties {
  @Property(tries = 200)
  void theStepTableAgreesWithTheNodes(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 1, max = 200) int ops, @ForAll @IntRange(min = 1, max = 6) int alphabet) {
    Random rnd = new Random(seed);
    Trie<String> trie = new Trie<>();
    List<Trie.Node<String>> stored = new ArrayList<>();
    List<Trie.Node<String>> pruned = new ArrayList<>();
    List<Trie.Node<String>> seen = new ArrayList<>();
    for (int op = 0; op < ops; op++) {
      if (!stored.isEmpty() && rnd.nextInt(3) == 0) {
        Trie.Node<String> n = stored.remove(rnd.nextInt(stored.size()));
        trie.remove(n);
      } else {
        long[] seq = new long[1 + rnd.nextInt(8)];
        for (int i = 0; i < seq.length; i++) {
          seq[i] = rnd.nextInt(alphabet) * 0x9E3779B97F4A7C15L; // negative tokens too
        }
        Trie.Node<String> n = trie.insert(seq, "s" + op);
        if (!stored.contains(n)) {
          stored.add(n);
        }
      }
      List<Trie.Node<String>> live = new ArrayList<>();
      collect(trie.root(), live);
      for (Trie.Node<String> n : seen) {
        if (!live.contains(n) && !pruned.contains(n)) {
          pruned.add(n);
        }
      }
      for (Trie.Node<String> n : live) {
        if (!seen.contains(n)) {
          seen.add(n);
        }
        assertThat(trie.live(n, n.id)).isTrue();
        assertThat(trie.node(n.id)).isSameAs(n);
        assertThat(trie.hasPayload(n.id)).isEqualTo(n.payload != null);
        assertThat(trie.hasChildren(n.id)).isEqualTo(n.hasChildren());
        for (int a = -1; a <= alphabet; a++) {
          long t = a * 0x9E3779B97F4A7C15L;
          Trie.Node<String> c = n.child(t);
          assertThat(trie.step(n.id, t)).isEqualTo(c == null ? Trie.NONE : c.id);
        }
      }
      for (Trie.Node<String> n : pruned) {
        assertThat(trie.live(n, n.id)).isFalse();
        assertThat(n.hasChildren()).isFalse(); // why a stale pointer may be treated as unable to step
      }
    }
  }

  private static void collect(Trie.Node<String> n, List<Trie.Node<String>> out) {
    out.add(n);
    n.forEachChild(c -> collect(c, out));
  }
}
