/**
 * The real-time event recorder: what the application thread, the mining threads and the runtime did,
 * in real (not simulated) time. Hooked classes record through a {@link org.apophenia.recorder.Probe}
 * (taken once from {@link org.apophenia.recorder.Probe#current()}); the command line starts and
 * installs an {@link org.apophenia.recorder.EventRecorder} and, when the run is over, writes its
 * {@link org.apophenia.recorder.EventLog} as Chrome trace-event JSON and Paje. Public: {@code
 * EventRecorder}, {@code RecorderSettings}, {@code Category}, {@code Overflow}, {@code EventKind},
 * {@code Probe}, {@code EventLog}, {@code ThreadEvents}, {@code ThreadStats}; the rings, the drainer
 * and the archive are this package's. Depends on nothing but the JDK, so that apophenia,
 * legion-runtime, replay-engine and samples, which do not know each other, all may record.
 */
package org.apophenia.recorder;
