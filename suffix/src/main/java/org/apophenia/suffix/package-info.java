/**
 * String algorithms over token streams: suffix arrays (SA-IS) and LCP arrays (Kasai) over {@code int[]}
 * and {@code long[]} tokens of any alphabet, the non-overlapping repeat finder of the Apophenia paper
 * (Algorithm 2), and the ruler-function sampling schedule (Section 4.4).
 *
 * <p>Entry points: {@link org.apophenia.suffix.RepeatFinder}, {@link org.apophenia.suffix.SuffixArray},
 * {@link org.apophenia.suffix.RulerSchedule}. Depends on no other project module.
 */
package org.apophenia.suffix;
