package org.apophenia.legion;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.PrivilegeContainment;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.error.PrivilegeException;

/**
 * A context that holds only some privileges (Legion thesis §2.5.1): what a task launched with these
 * region requirements may pass on to the operations it issues. Launches through a context are checked
 * for privilege containment, then issued by the runtime exactly as from the top level (same analysis,
 * same program order): a context restricts, it does not change what runs.
 *
 * <p>The rule, as in Legion: each requirement of a launch names as its parent a region on which this
 * context holds a privilege, requests only fields held there, and a privilege the held one covers
 * ({@link Privilege#covers}: READ_WRITE covers everything, WRITE_DISCARD covers itself and reductions,
 * READ_ONLY and REDUCE only themselves). Otherwise a {@link PrivilegeException} names the launch, the
 * requirement, the region, the fields, the privilege held and the one requested, and nothing is issued.
 * Child contexts ({@link #child}) are checked against their parent the same way.
 *
 * <p>Why it exists: in this runtime task bodies do not launch sub-tasks, so the top-level context
 * (READ_WRITE on every field of every region) is the only issuer. A context is how a program hands a
 * component a slice of its privileges, and how the containment check is reachable from the public API.
 * Create with {@link LegionRuntime#context}. Cost: O(held requirements × launch requirements) per
 * launch. Not thread-safe, like the runtime.
 */
public final class Context {
  private final TaskFrontDoor tasks;
  private final String name;
  private final List<RegionRequirement> privileges;

  /** A context holding {@code privileges}, already checked valid ({@link TaskFrontDoor#checkContextPrivileges}). */
  Context(TaskFrontDoor tasks, String name, List<RegionRequirement> privileges) {
    this.tasks = tasks;
    this.name = name;
    this.privileges = List.copyOf(privileges);
  }

  /** This context's name, used in messages. */
  public String name() {
    return name;
  }

  /** The privileges this context holds, as given. */
  public List<RegionRequirement> privileges() {
    return privileges;
  }

  /** {@link LegionRuntime#execute} after checking containment; nothing is issued if it fails. */
  public Future execute(TaskLauncher launcher) {
    check(launcher.requirements(), () -> "task " + tasks.taskName(launcher.taskId()));
    return tasks.execute(launcher);
  }

  /** {@link LegionRuntime#executeIndex} after checking containment; nothing is issued if it fails. */
  public Future executeIndex(IndexLauncher launcher) {
    check(launcher.requirements(), () -> "index task " + tasks.taskName(launcher.taskId()));
    return tasks.executeIndex(launcher);
  }

  /**
   * A context holding {@code privileges}, each contained in what this one holds (PrivilegeException
   * otherwise). Privileges are held on regions, not partitions.
   */
  public Context child(String childName, RegionRequirement... privileges) {
    List<RegionRequirement> reqs = List.of(privileges);
    check(reqs, () -> "context " + childName);
    tasks.checkContextPrivileges(childName, reqs);
    return new Context(tasks, childName, reqs);
  }

  /**
   * Throws unless every requirement of {@code reqs} is covered by this context's privileges; the
   * message starts with {@code what} (the launch), built only then.
   */
  void check(List<RegionRequirement> reqs, Supplier<String> what) {
    for (int i = 0; i < reqs.size(); i++) {
      RegionRequirement r = reqs.get(i);
      int index = i;
      Supplier<String> at = () -> what.get() + " requirement " + index + " (in context " + name + ")";
      boolean holdsParent = false;
      long anyFields = 0; // fields held on the parent, by any privilege
      long covering = 0; // fields held on the parent by a privilege covering the requested one
      for (RegionRequirement h : privileges) {
        if (h.region().equals(r.parent())) {
          holdsParent = true;
          anyFields |= h.fields();
          if (h.privilege().covers(r.privilege())) {
            covering |= h.fields();
          }
        }
      }
      if (!holdsParent) {
        throw new PrivilegeException(at.get() + ": requested " + r.privilege() + " with parent " + r.parent()
            + ", a region on which the context holds no privilege (it holds " + describe() + ")");
      }
      FieldSpace fs = r.parent().fieldSpace();
      long missing = r.fields() & ~anyFields;
      if (missing != 0) {
        Object region = r.region() != null ? r.region() : r.partition();
        throw new PrivilegeException(at.get() + ": requested " + r.privilege() + " on " + region + " fields "
            + fs.names(r.fields()) + " but the context holds no privilege on fields " + fs.names(missing)
            + " of the parent " + r.parent() + " (it holds " + describe() + ")");
      }
      long weak = r.fields() & ~covering;
      for (RegionRequirement h : privileges) {
        if ((h.fields() & weak) != 0 && h.region().equals(r.parent())) {
          PrivilegeContainment.check(at.get(), r, fs, h.privilege(), anyFields); // throws: h does not cover it
        }
      }
    }
  }

  private String describe() {
    List<String> out = new ArrayList<>();
    for (RegionRequirement h : privileges) {
      out.add(h.privilege() + " on " + h.region() + " " + h.region().fieldSpace().names(h.fields()));
    }
    return out.isEmpty() ? "nothing" : String.join(", ", out);
  }

  @Override
  public String toString() {
    return "Context[" + name + ": " + describe() + "]";
  }
}
