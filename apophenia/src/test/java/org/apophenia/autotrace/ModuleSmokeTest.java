package org.apophenia.autotrace;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/** The module builds and sees the test resources shared at the root of the reactor. */
class ModuleSmokeTest {
  @Test
  void sharedTestResourcesAreOnTheClassPath() {
    assertNotNull(getClass().getResource("/golden/repeats.tsv"),
        "root src/test/resources must be a test resource directory of every module");
  }
}
