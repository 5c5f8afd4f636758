/**
 * The machine model of the Legion thesis (§3.1.4, §8.1.1): nodes with CPU, GPU and UTILITY processors,
 * SYSTEM, FRAMEBUFFER and ZERO_COPY memories, processor–memory affinities and memory–memory channels;
 * {@link org.apophenia.sim.machine.Presets} (with the sources of their figures) and
 * {@link org.apophenia.sim.machine.MachineFile} (the JSON schema and its validation). All values are
 * immutable and thread-safe.
 */
package org.apophenia.sim.machine;
