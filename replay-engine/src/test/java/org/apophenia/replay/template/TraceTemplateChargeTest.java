package org.apophenia.replay.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/** What a replay is charged for: every operation it replays, tasks on their nodes, data operations on node 0. */
class TraceTemplateChargeTest {
  private static Processor gpu(int id, int node) {
    return new Processor(id, "gpu" + id, node, ProcessorKind.GPU, 1e12, 0);
  }

  @Test
  void fillsCopiesAndFencesAreChargedOnTheIssuingNodeBesideTheTasks() {
    List<Command> commands = List.of(
        new Command.Op(0, -1, 0, new Command.Work.Task(0, gpu(0, 0), List.of(), null)),
        new Command.Op(1, -1, 1, new Command.Work.Task(1, gpu(1, 1), List.of(), null)),
        new Command.Op(2, 0, 2, new Command.Work.Complete(2)), // a fill after the first task
        new Command.Op(3, 1, 3, new Command.Work.Complete(3))); // a copy after the second
    TraceTemplate p = TraceTemplate.compile(commands, 4, e -> false);
    assertThat(p.tasksPerNode(2)).containsExactly(1 + 2, 1);
  }
}
