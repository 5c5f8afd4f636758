/**
 * The trace-detection middleware (Yadav et al., ASPLOS 2025): hashes each issued operation into a
 * token, mines the token history for non-overlapping repeats with {@code org.apophenia.suffix}, and
 * wraps recurring fragments of the stream in {@code beginTrace}/{@code endTrace} markers.
 *
 * <p>Knows nothing of any particular runtime: it talks to a small SPI.
 */
package org.apophenia.apophenia;
