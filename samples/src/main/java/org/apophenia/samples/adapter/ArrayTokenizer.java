package org.apophenia.samples.adapter;

import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Tokenizer;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.RegionRequirement;

/**
 * Tokens of array operations, as Legion hashes operations (REFERENCES.md): the task id and, for each
 * region requirement, the region or partition identity, the projection, the fields, the privilege
 * (with its reduction operator), the coherence and the parent region. Scalar arguments and names are
 * left out: they do not change the dependence analysis. Two operations get the same token exactly when
 * the runtime's analysis of them would be the same (up to hash collisions, which the replay engine's
 * exact comparison catches). Every array operation is traceable; blocking waits reach the interceptor
 * through {@link RuntimeAdapter}'s blocking points instead. Stateless and thread-safe.
 */
public final class ArrayTokenizer implements Tokenizer<ArrayOp> {
  /** The tokenizer (it has no state). */
  public static final ArrayTokenizer INSTANCE = new ArrayTokenizer();

  private ArrayTokenizer() {}

  @Override
  public long token(ArrayOp op) {
    ArrayOp.IndexTask t = (ArrayOp.IndexTask) op; // the only kind of array operation
    TokenHasher h = TokenHasher.start().putString("index").putInt(t.taskId())
        .putLong(t.domain().lo(0)).putLong(t.domain().hi(0)).putInt(t.requirements().size());
    for (RegionRequirement r : t.requirements()) {
      if (r.partition() != null) {
        h.putInt(1).putInt(r.partition().id()).putInt(projectionKey(r.projection()));
      } else {
        h.putInt(0).putInt(r.region().id());
      }
      h.putLong(r.fields()).putInt(Privilege.code(r.privilege()))
          .putInt(r.privilege() instanceof Privilege.Reduce red ? red.redop() : -1)
          .putInt(r.coherence().ordinal()).putInt(r.parent().id());
    }
    return h.token();
  }

  private static int projectionKey(Projection p) {
    if (p == Projection.IDENTITY) {
      return 0;
    }
    throw new IllegalArgumentException("the array library only uses the identity projection, got " + p);
  }
}
