package org.apophenia.legion;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.analysis.ReductionBuffer;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskContext;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.instances.Effects;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * A task issued and not launched yet: the dependence graph's pending data for it. Once launched it
 * is also the task's body, what runs when its processor starts it in simulated time (one object per
 * task: the launch fills in where it runs). Not thread-safe.
 */
final class TaskIssue implements Runnable {
  final TaskDefinition def;
  final List<Resolved> rs;
  final List<Object> args;
  final long[] point;
  final TaskFuture future;
  final int pointIndex;
  final int points;
  /** The serial of the launch this point belongs to. */
  final long launch;
  private final Effects effects;
  private final Simulation sim;
  // set by launch
  private String name;
  private TaskBody body;
  private Processor proc;
  private List<Memory> mems;
  private ReductionBuffer[][] bufs;
  private boolean reuseInstances;

  TaskIssue(TaskDefinition def, List<Resolved> rs, List<Object> args, long[] point, TaskFuture future, int pointIndex,
      int points, long launch, Effects effects, Simulation sim) {
    this.def = def;
    this.rs = rs;
    this.args = args;
    this.point = point;
    this.future = future;
    this.pointIndex = pointIndex;
    this.points = points;
    this.launch = launch;
    this.effects = effects;
    this.sim = sim;
  }

  /**
   * Where and how the task runs, set when it is submitted: its name, the body of the variant chosen,
   * its processor, the memory of each requirement's data, its reduction instances and whether they
   * are reused from a recording (then reset to the identity when it starts).
   */
  void placed(String name, TaskBody body, Processor proc, List<Memory> mems, ReductionBuffer[][] bufs,
      boolean reuseInstances) {
    this.name = name;
    this.body = body;
    this.proc = proc;
    this.mems = mems;
    this.bufs = bufs;
    this.reuseInstances = reuseInstances;
  }

  @Override
  public void run() {
    effects.applyTriggered(sim); // folds of earlier uses of reused reduction instances included
    if (reuseInstances) {
      for (ReductionBuffer[] bs : bufs) {
        if (bs != null) {
          for (ReductionBuffer b : bs) {
            if (b != null) {
              b.reset();
            }
          }
        }
      }
    }
    Accessor[][] acc = new Accessor[rs.size()][FieldSpace.MAX_FIELDS];
    for (int i = 0; i < rs.size(); i++) {
      Resolved r = rs.get(i);
      for (long m = r.mask(); m != 0; m &= m - 1) {
        int f = Long.numberOfTrailingZeros(m);
        acc[i][f] = r.accessor("task " + name + " requirement " + i, f, mems.get(i).id(),
            bufs[i] == null ? null : bufs[i][f]);
      }
    }
    List<Object> vals = new ArrayList<>(args.size());
    for (Object a : args) {
      vals.add(a instanceof TaskFuture f ? f.resolved() : a);
    }
    future.value = body.run(new TaskContext(name, point, vals, proc, rs.stream().map(Resolved::req).toList(), acc));
  }
}
