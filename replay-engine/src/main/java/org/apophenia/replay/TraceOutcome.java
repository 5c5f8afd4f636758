package org.apophenia.replay;

/**
 * What the engine did with the last trace occurrence it closed ({@link DynamicTracing#lastOutcome}),
 * decided where it decided it: recorded (no recording yet), replayed, or analysed and recorded again
 * because its operations diverged from every recording, no recording's precondition held, or no
 * recording of it can be replayed.
 */
public enum TraceOutcome {
  RECORDED,
  REPLAYED,
  DIVERGED,
  PRECONDITION_FAILED,
  NOT_REPLAYABLE
}
