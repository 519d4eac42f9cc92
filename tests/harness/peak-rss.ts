/** A process's peak memory, from Linux's /proc: the benchmarks' and the reliability suite's memory figures. */
import { readFileSync, writeFileSync } from 'node:fs';

/** The peak resident set size of a process so far (VmHWM), in bytes. */
export function peakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`No VmHWM for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Resets the process's peak RSS to its current RSS (`5` into /proc/<pid>/clear_refs), so that
 * the next peakRssBytes is the peak of what runs from now on.
 */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
