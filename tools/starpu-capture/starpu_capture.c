/*
 * starpu-capture: an LD_PRELOAD library that records every task a StarPU 1.3 program submits, in the
 * "starpu-capture v1" format that `apophenia analyze --format starpu` reads
 * (cli/src/test/resources/starpu/README.md):
 *
 *   <codelet-name> [<handle>:<access-mode>]...
 *
 * It interposes starpu_task_submit (which starpu_task_insert and friends also go through), writes one
 * line per task, then calls the real function. The codelet name is cl->name, else the performance
 * model's symbol, else "?"; "nocl" for a task without a codelet. Handles are printed with %p, modes as
 * StarPU's enum starpu_data_access_mode integer.
 *
 * Usage: APOPHENIA_CAPTURE=out.txt LD_PRELOAD=./libstarpu-capture.so ./program args...
 * (default output: starpu-capture.txt in the working directory).
 *
 * Thread-safety: tasks may be submitted from several threads. Each line is formatted into a private
 * buffer and written with a single fwrite under a mutex, so lines are never interleaved (the capture
 * that produced cli/src/test/resources/starpu/cg-b4-i100.txt had 8 interleaved lines).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <starpu.h>

typedef int (*submit_fn)(struct starpu_task *);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static submit_fn real_submit;

static void write_header(FILE *f) {
  fputs("# starpu-capture v1\n# source: ", f);
  FILE *cmd = fopen("/proc/self/cmdline", "r");
  if (cmd) {
    int c;
    while ((c = fgetc(cmd)) != EOF) {
      if (c == '\0') {
        fputc(' ', f);
      } else {
        fputc(c, f);
      }
    }
    fclose(cmd);
  }
  fputs("\n# one submitted task per line: <codelet-name> then <handle>:<access-mode> per buffer "
        "(mode bits: 1=R 2=W 3=RW 4=SCRATCH 8=REDUX 16=COMMUTE); nocl = task without codelet\n", f);
}

/* Called with the lock held. */
static FILE *output(void) {
  if (!out) {
    const char *path = getenv("APOPHENIA_CAPTURE");
    out = fopen(path && *path ? path : "starpu-capture.txt", "w");
    if (!out) {
      perror("starpu-capture: cannot open the output file");
      abort();
    }
    write_header(out);
  }
  return out;
}

static const char *codelet_name(const struct starpu_codelet *cl) {
  if (!cl) {
    return "nocl";
  }
  if (cl->name && *cl->name) {
    return cl->name;
  }
  if (cl->model && cl->model->symbol && *cl->model->symbol) {
    return cl->model->symbol;
  }
  return "?";
}

int starpu_task_submit(struct starpu_task *task) {
  if (!real_submit) {
    real_submit = (submit_fn)dlsym(RTLD_NEXT, "starpu_task_submit");
    if (!real_submit) {
      fprintf(stderr, "starpu-capture: starpu_task_submit not found: %s\n", dlerror());
      abort();
    }
  }
  char line[4096];
  size_t n = 0;
  int w = snprintf(line, sizeof line, "%s", codelet_name(task->cl));
  n = w > 0 ? (size_t)w : 0;
  if (task->cl) {
    unsigned nbuffers = STARPU_TASK_GET_NBUFFERS(task);
    for (unsigned i = 0; i < nbuffers && n < sizeof line - 64; i++) {
      starpu_data_handle_t h = STARPU_TASK_GET_HANDLE(task, i);
      int mode = (int)STARPU_TASK_GET_MODE(task, i);
      w = snprintf(line + n, sizeof line - n, " %p:%d", (void *)h, mode);
      n += w > 0 ? (size_t)w : 0;
    }
  }
  if (n >= sizeof line - 1) {
    n = sizeof line - 2;
  }
  line[n++] = '\n';
  pthread_mutex_lock(&lock);
  FILE *f = output();
  fwrite(line, 1, n, f);
  pthread_mutex_unlock(&lock);
  return real_submit(task);
}

__attribute__((destructor)) static void finish(void) {
  pthread_mutex_lock(&lock);
  if (out) {
    fclose(out);
    out = NULL;
  }
  pthread_mutex_unlock(&lock);
}
