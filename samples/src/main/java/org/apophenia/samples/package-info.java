/**
 * NumPy-like array programs that never mention tracing: the array library ({@code array}) and the
 * sample programs written with it ({@code apps}). The command line that runs them lives in the
 * {@code cli} module.
 */
package org.apophenia.samples;
