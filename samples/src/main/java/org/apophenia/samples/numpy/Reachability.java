package org.apophenia.samples.numpy;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The buffers of the arrays a program object keeps, found by walking its fields: what a collection
 * would find reachable at an iteration boundary, when the loop body's frames are gone and the program
 * holds its state in its own fields, at the cost of the program's few objects instead of the heap.
 *
 * <p>Walked: the fields of objects whose classes are not the JDK's (instance fields up the class
 * chain and, once per class, static ones), reference arrays, and the JDK's collections and maps
 * through their public iteration. An {@link NpArray} is a leaf (its buffer is live if the array still
 * owns it); an {@link Np} is not entered. Anything else from the JDK that could hold a reference
 * (an {@code AtomicReference}, a {@code ThreadLocal}, ...) or a field that reflection may not read
 * makes the walk give up: {@link #liveBuffers} then returns null and the caller asks the collector.
 * Not thread-safe; the program must not run while it walks.
 */
final class Reachability {
  private Reachability() {}

  /** The buffers reachable from {@code root} through arrays it keeps, or null if the walk gave up. */
  static Set<Buffer> liveBuffers(Object root) {
    Set<Buffer> live = Collections.newSetFromMap(new IdentityHashMap<>());
    Map<Object, Boolean> seen = new IdentityHashMap<>();
    Set<Class<?>> staticsSeen = Collections.newSetFromMap(new IdentityHashMap<>());
    ArrayDeque<Object> todo = new ArrayDeque<>();
    todo.add(root);
    while (!todo.isEmpty()) {
      Object o = todo.poll();
      if (seen.put(o, Boolean.TRUE) != null) {
        continue;
      }
      if (!visit(o, live, todo, staticsSeen)) {
        return null;
      }
    }
    return live;
  }

  private static boolean visit(Object o, Set<Buffer> live, ArrayDeque<Object> todo, Set<Class<?>> staticsSeen) {
    Class<?> c = o.getClass();
    if (o instanceof NpArray a) {
      if (a.buffer != null && a.isAlive()) {
        live.add(a.buffer);
      }
      return true;
    }
    if (o instanceof Np || isJdk(c) && jdkLeaf(o)) {
      return true;
    }
    if (c.isArray()) {
      if (!c.getComponentType().isPrimitive()) {
        for (Object e : (Object[]) o) {
          push(e, todo);
        }
      }
      return true;
    }
    Class<?> k = c;
    for (; k != null && !isJdk(k); k = k.getSuperclass()) {
      boolean statics = staticsSeen.add(k);
      for (Field f : k.getDeclaredFields()) {
        boolean isStatic = Modifier.isStatic(f.getModifiers());
        if (f.getType().isPrimitive() || isStatic && !statics) {
          continue;
        }
        if (!f.trySetAccessible()) {
          return false;
        }
        try {
          push(f.get(isStatic ? null : o), todo);
        } catch (IllegalAccessException e) {
          return false;
        }
      }
    }
    // k: the first JDK class up the chain, whose fields reflection may not read
    if (k == null || k == Object.class || k == Record.class || k == Enum.class) {
      return true;
    }
    if (o instanceof Iterable<?> it) {
      it.forEach(e -> push(e, todo));
      return true;
    }
    if (o instanceof Map<?, ?> m) {
      m.forEach((key, v) -> {
        push(key, todo);
        push(v, todo);
      });
      return true;
    }
    return false; // might hold an array where this walk cannot see
  }

  private static void push(Object o, ArrayDeque<Object> todo) {
    if (o != null) {
      todo.add(o);
    }
  }

  /** JDK values that hold no program references. */
  private static boolean jdkLeaf(Object o) {
    return o instanceof CharSequence || o instanceof Number || o instanceof Boolean || o instanceof Character
        || o instanceof Enum<?> || o instanceof Class<?> || o instanceof java.util.Random
        || o.getClass().isArray() && o.getClass().getComponentType().isPrimitive();
  }

  private static boolean isJdk(Class<?> c) {
    String n = c.getName();
    return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
  }
}
