/**
 * The sample programs and what runs them. Public API:
 * <ul>
 *   <li>{@link org.apophenia.samples.apps.Sample}: the contract a program implements (set up, one
 *       loop iteration, periodic checks, results, a check of its numbers), with {@link
 *       org.apophenia.samples.apps.SampleCheckException} for numbers that are wrong;</li>
 *   <li>the samples ({@link org.apophenia.samples.apps.Jacobi}, {@link org.apophenia.samples.apps.Cfd},
 *       {@link org.apophenia.samples.apps.Swe}, {@link org.apophenia.samples.apps.S3d}, {@link
 *       org.apophenia.samples.apps.Mlp}, {@link org.apophenia.samples.apps.Stencil}) and {@link
 *       org.apophenia.samples.apps.Samples}, the registry by name that also holds the ports;</li>
 *   <li>the driver: {@link org.apophenia.samples.apps.SampleRunner} runs a sample in one mode as
 *       {@link org.apophenia.samples.apps.RunOptions} say (building the run's {@code RuntimeAdapter}
 *       and {@code ArrayContext}) and returns a {@link org.apophenia.samples.apps.RunResult}, whose
 *       {@link org.apophenia.samples.apps.IterationMarks} give per-window figures.</li>
 * </ul>
 * Package-private: {@code GcPauses} (the JVM's collection time, read at marks) and {@code
 * ObservedTimeline} (the timeline dump, charged to the observe bucket).
 */
package org.apophenia.samples.apps;
