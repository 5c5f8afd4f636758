/**
 * A Legion-like task runtime: logical regions, partitions, privileges, tasks, futures and a real
 * dynamic dependence analysis, executing on the simulated machine of {@code org.apophenia.sim}.
 * Calls a {@code TraceEngine} SPI on {@code tbegin}/{@code tend}.
 */
package org.apophenia.legion;
