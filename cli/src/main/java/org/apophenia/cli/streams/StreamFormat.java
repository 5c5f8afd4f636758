package org.apophenia.cli.streams;

/** The task-stream file formats {@code analyze} reads. */
public enum StreamFormat {
  /** {@code starpu-capture v1} (cli/src/test/resources/starpu/README.md): {@code <codelet> [<handle>:<mode>]...}. */
  STARPU,
  /**
   * One JSON object per line (blank lines and lines starting with {@code #} skipped):
   * {@code {"task": "gemv", "args": [{"data": "A", "mode": "R", "fields": [0, 1], "redop": "+",
   * "projection": 3}], "kind": "traceable"}}. {@code task} (string) and {@code args} (array of objects
   * with string {@code data} and string {@code mode}) are required; {@code fields}, {@code redop} and
   * {@code projection} are optional and enter the token; {@code kind} is {@code traceable}
   * (default), {@code noop} or {@code untraceable}; any other member (tags, hints) is ignored.
   */
  JSONL;
}
