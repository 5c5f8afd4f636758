/**
 * Timelines of a simulation: a bounded {@link org.apophenia.sim.timeline.TimelineLog} and two
 * writers, {@link org.apophenia.sim.timeline.ChromeTrace} (Perfetto) and
 * {@link org.apophenia.sim.timeline.PajeTrace} (ViTE, pj_dump).
 */
package org.apophenia.sim.timeline;
