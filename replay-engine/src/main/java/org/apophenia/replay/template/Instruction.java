package org.apophenia.replay.template;

/**
 * What one step of a {@link TraceTemplate} does when a replay runs it: the replay instructions, a
 * vocabulary of their own (as a Legion trace template's instructions are), not the runtime's operation
 * kinds. A template keeps one byte per step, the instruction's {@link #code}; {@link #of} reads it back.
 */
enum Instruction {
  /** Binds the fence's event: the replay's mapping fence, or the first replay's of a back-to-back chain. */
  FENCE,
  /** A merge of earlier events that stays one (see {@link TraceTemplate} for those folded away). */
  MERGE,
  /** Launches one of the trace's tasks with its recorded mapping ({@link Command.Work.Task}). */
  TASK,
  /** Re-issues a recorded copy, fold or fill with its data movement ({@link Command.Work.Reissue}). */
  REISSUE,
  /** Completes one of the trace's fills, copies or fences in the runtime ({@link Command.Work.Complete}). */
  COMPLETE,
  /** The summary operation's event, which the engine registers (when, it decides). */
  SUMMARY;

  /** {@code values()} allocates a copy per call: read through this one. */
  private static final Instruction[] BY_CODE = values();

  /** The byte a template stores per step. */
  final byte code;

  Instruction() {
    this.code = (byte) ordinal();
  }

  static Instruction of(byte code) {
    return BY_CODE[code];
  }

  /** The instruction that replays {@code work}; IllegalStateException for work no replay can issue. */
  static Instruction of(Command.Work work) {
    if (work instanceof Command.Work.Task) {
      return TASK;
    } else if (work instanceof Command.Work.Reissue) {
      return REISSUE;
    } else if (work instanceof Command.Work.Complete) {
      return COMPLETE;
    }
    throw new IllegalStateException("cannot replay " + work); // Command.Work.Named: the paper's examples
  }
}
