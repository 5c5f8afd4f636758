package org.apophenia.cli;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.ports.NpProgram;

/**
 * A program of the user's own, {@code run --class NAME [--classpath JAR_OR_DIR]}: its class loaded
 * from a jar or a directory of compiled classes (or from the class path the CLI runs with), checked to
 * be a program ({@link NpProgram}, or any {@link Sample}) with a public constructor without
 * arguments, and instantiated afresh for every run, like a built-in sample. Every problem is one line
 * naming the flag and the value as typed ({@link UserError}); an exception the program itself throws
 * is summarised at the program's own frame ({@link #failure}).
 */
final class UserProgram {
  /** The class loader's name: a frame of the program's classes carries it (StackTraceElement#getClassLoaderName). */
  static final String LOADER_NAME = "user program";

  private final String className;
  private final Constructor<? extends Sample> constructor;
  private final URLClassLoader loader;

  private UserProgram(String className, Constructor<? extends Sample> constructor, URLClassLoader loader) {
    this.className = className;
    this.constructor = constructor;
    this.loader = loader;
  }

  /** Loads {@code className} from {@code classpath} (entries separated by the platform's path separator). */
  static UserProgram load(String className, String classpath) {
    if (className.isBlank()) {
      throw new UserError("--class: empty; give the program's class name with its package, e.g. com.example.MyHeat");
    }
    String where = classpath == null ? "the class path" : "--classpath " + classpath;
    URLClassLoader loader = new URLClassLoader(LOADER_NAME, urls(classpath), Sample.class.getClassLoader());
    Class<?> c;
    try {
      c = Class.forName(className, false, loader);
    } catch (ClassNotFoundException e) {
      throw new UserError("--class " + className + ": no such class in " + where + " (looked for "
          + className.replace('.', '/') + ".class)");
    } catch (NoClassDefFoundError | UnsupportedClassVersionError e) {
      throw new UserError("--class " + className + ": cannot be loaded from " + where + ": " + e.getMessage());
    } catch (LinkageError e) {
      throw new UserError("--class " + className + ": cannot be loaded from " + where + ": " + e);
    }
    if (!Sample.class.isAssignableFrom(c)) {
      throw new UserError("--class " + className + ": is not a program: it must extend " + NpProgram.class.getName()
          + " (or implement " + Sample.class.getName() + "); README, \"Write your own program\"");
    }
    if (Modifier.isAbstract(c.getModifiers()) || !Modifier.isPublic(c.getModifiers())) {
      throw new UserError("--class " + className + ": is not a program one can run: it must be a public, "
          + "non-abstract class");
    }
    try {
      @SuppressWarnings("unchecked")
      Constructor<? extends Sample> k = (Constructor<? extends Sample>) c.getConstructor();
      return new UserProgram(className, k, loader);
    } catch (NoSuchMethodException e) {
      throw new UserError("--class " + className + ": needs a public constructor without arguments");
    }
  }

  private static URL[] urls(String classpath) {
    if (classpath == null) {
      return new URL[0];
    }
    if (classpath.isEmpty()) {
      throw new UserError("--classpath: empty; give a jar or a directory of compiled classes");
    }
    List<URL> urls = new ArrayList<>();
    for (String entry : classpath.split(File.pathSeparator, -1)) {
      Path p;
      try {
        p = Path.of(entry);
      } catch (java.nio.file.InvalidPathException e) {
        throw new UserError("--classpath " + classpath + ": not a path: " + entry);
      }
      if (entry.isEmpty() || !Files.exists(p)) {
        throw new UserError("--classpath " + classpath + ": no such file or directory: " + entry);
      }
      if (Files.isRegularFile(p)) {
        try (ZipFile z = new ZipFile(p.toFile())) {
          // only that it opens as a jar
        } catch (IOException e) {
          throw new UserError("--classpath " + classpath + ": " + entry + " is not a jar (nor a directory of classes)");
        }
      } else if (!Files.isDirectory(p)) {
        throw new UserError("--classpath " + classpath + ": " + entry + " is neither a jar nor a directory");
      }
      try {
        urls.add(p.toAbsolutePath().toUri().toURL());
      } catch (MalformedURLException e) {
        throw new UserError("--classpath " + classpath + ": not a path: " + entry);
      }
    }
    return urls.toArray(new URL[0]);
  }

  /** The class name as typed. */
  String className() {
    return className;
  }

  /** A fresh instance; an exception of its constructor is {@link #failure summarised}. */
  Sample create() {
    try {
      return constructor.newInstance();
    } catch (InvocationTargetException e) {
      throw failure(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new UserError("--class " + className + ": cannot be instantiated: " + e);
    }
  }

  /**
   * What the program threw, as one line at the innermost frame of the program's own classes (the
   * line a user opens): {@code com.example.MyHeat threw ArithmeticException:
   * / by zero at com.example.MyHeat.step(MyHeat.java:12)}. An exception without such a frame is not
   * the program's and is returned as it is.
   */
  RuntimeException failure(Throwable t) {
    StackTraceElement frame = programFrame(t, className);
    if (frame == null) {
      return t instanceof RuntimeException r ? r : new IllegalStateException(t);
    }
    String what = t.getClass().getName().startsWith("java.") ? t.getClass().getSimpleName() : t.getClass().getName();
    String message = t.getMessage() == null ? "" : ": " + t.getMessage().lines().findFirst().orElse("");
    return new UserError(className + " threw " + what + message + " at " + frame.getClassName() + "."
        + frame.getMethodName() + "(" + (frame.getFileName() == null ? "unknown source" : frame.getFileName()
        + (frame.getLineNumber() >= 0 ? ":" + frame.getLineNumber() : "")) + ")", t);
  }

  /**
   * The innermost frame of a class the program's loader loaded, or of the program's class and its
   * nested classes (loaded from the CLI's own class path without {@code --classpath}), or null.
   */
  static StackTraceElement programFrame(Throwable t, String className) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      for (StackTraceElement e : c.getStackTrace()) {
        if (LOADER_NAME.equals(e.getClassLoaderName()) || e.getClassName().equals(className)
            || e.getClassName().startsWith(className + "$")) {
          return e;
        }
      }
    }
    return null;
  }
}
