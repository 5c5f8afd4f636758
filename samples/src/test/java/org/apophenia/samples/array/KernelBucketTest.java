package org.apophenia.samples.array;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.legion.api.TaskBody;
import org.junit.jupiter.api.Test;

/** A task body's run is charged to the kernel bucket, and the caller's bucket is restored after it. */
class KernelBucketTest {
  private long now;

  @Test
  void aBodysWorkLandsInKernelAndOnlyThere() {
    TimeAccount account = TimeAccount.started(() -> now);
    TaskBody body = ctx -> {
      now += 1234;
      return null;
    };
    account.enter(Bucket.REPLAY);
    now += 10;
    Kernels.timed(body, account).run(null);
    now += 5;
    assertThat(account.current()).isEqualTo(Bucket.REPLAY);
    assertThat(account.nanos(Bucket.KERNEL)).isEqualTo(1234);
    assertThat(account.nanos(Bucket.REPLAY)).isEqualTo(15);
  }

  @Test
  void aThrowingBodyStillRestoresTheCallersBucket() {
    TimeAccount account = TimeAccount.started(() -> now);
    IllegalStateException boom = new IllegalStateException("boom");
    TaskBody body = ctx -> {
      now += 7;
      throw boom;
    };
    account.enter(Bucket.ANALYSIS);
    now += 10;
    // the body's own failure reaches the caller, not a wrapper or nothing
    assertThatThrownBy(() -> Kernels.timed(body, account).run(null)).isSameAs(boom);
    now += 3;
    // the caller is back in its own bucket: the body's 7 ns are the kernel's, the 10 + 3 around it analysis
    assertThat(account.current()).isEqualTo(Bucket.ANALYSIS);
    assertThat(account.nanos(Bucket.KERNEL)).isEqualTo(7);
    assertThat(account.nanos(Bucket.ANALYSIS)).isEqualTo(13);
  }
}
