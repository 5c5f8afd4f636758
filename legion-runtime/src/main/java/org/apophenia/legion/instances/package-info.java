/**
 * Physical instances as data (Legion's {@code instances/}): the values of one field of a region tree in
 * one memory, which memories hold valid data, and the movement of data by copies, fills and reduction
 * folds, applied when their events trigger in simulated time. The bottom room: it depends on
 * {@code org.apophenia.sim} only.
 *
 * <h2>Public API</h2>
 * {@link org.apophenia.legion.instances.InstanceData} with its two storage kinds
 * {@link org.apophenia.legion.instances.DoubleData} and {@link org.apophenia.legion.instances.LongData}
 * (read by accessors and tiles, written by the analyses' data movement);
 * {@link org.apophenia.legion.instances.MemorySet} (what mappers and trace engines are told about valid
 * instances); {@link org.apophenia.legion.instances.Effects} (the queue of data movement the runtime
 * applies before a task body or an inline mapping reads data).
 */
package org.apophenia.legion.instances;
