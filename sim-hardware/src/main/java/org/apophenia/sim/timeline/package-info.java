/**
 * Timelines of a simulation: a bounded {@link org.apophenia.sim.timeline.TimelineLog} and two
 * writers, {@link org.apophenia.sim.timeline.ChromeTrace} (Perfetto) and
 * {@link org.apophenia.sim.timeline.PajeTrace} (ViTE, pj_dump), and the formats' shared pieces
 * ({@link org.apophenia.sim.timeline.TraceFormats}), which the command line's event-recorder output
 * reuses.
 */
package org.apophenia.sim.timeline;
