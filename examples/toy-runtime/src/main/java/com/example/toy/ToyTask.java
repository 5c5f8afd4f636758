package com.example.toy;

import java.util.Arrays;

/**
 * One task of the toy runtime: {@code kernel} reads the regions {@code reads} and writes region
 * {@code write}, with a constant. What the runtime's dependence analysis looks at is exactly these
 * fields, so they are what {@link ToyTokenizer} hashes.
 *
 * @param kernel "scale" ({@code write = constant * reads[0]}) or "add" ({@code write = reads[0] + reads[1]})
 * @param reads the regions read
 * @param write the region written
 * @param constant the kernel's constant
 */
public record ToyTask(String kernel, int[] reads, int write, double constant) {
  /** Same kernel, regions and constant: what a trace's replay requires of the recorded task. */
  boolean sameAs(ToyTask o) {
    return kernel.equals(o.kernel) && Arrays.equals(reads, o.reads) && write == o.write
        && Double.doubleToRawLongBits(constant) == Double.doubleToRawLongBits(o.constant);
  }
}
