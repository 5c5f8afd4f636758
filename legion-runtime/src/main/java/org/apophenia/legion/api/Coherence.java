package org.apophenia.legion.api;

/**
 * Coherence of a region requirement (Legion thesis §2.5.1, §9.1). Only {@code EXCLUSIVE} is analysed
 * as such; {@code ATOMIC} and {@code SIMULTANEOUS} are accepted and treated as {@code EXCLUSIVE}, which
 * is sound (it only orders more).
 */
public enum Coherence {
  EXCLUSIVE, ATOMIC, SIMULTANEOUS
}
