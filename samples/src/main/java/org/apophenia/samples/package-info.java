/**
 * Where users meet the product: the command-line interface, NumPy-like array programs that never
 * mention tracing, adapters for task streams captured from other runtimes, and reports.
 */
package org.apophenia.samples;
