/**
 * What every check gets: the run's options (global-setup.ts reads them from the environment and
 * provides them), the settings they imply (full or quick), a seeded random source, the work
 * directory, and the audit of every response the file receives. One context per test file.
 */
import { inject } from 'vitest';
import { seededRandom } from '../../harness/seeded-random.ts';
import { ResponseAudit } from './response-audit.ts';

/** The run's options, as global-setup.ts provides them. */
export type RunOptions = {
  quick: boolean;
  /** Replays the kill moments, the readers' picks and the fuzz inputs (RELIABILITY_SEED). */
  seed: number;
  /** A temporary directory for this run (databases, server logs, the files' response audits). */
  workDir: string;
  /** Use the max_page_count simulation for the disk-full check even where tmpfs can be mounted. */
  simulateDiskFull: boolean;
};

declare module 'vitest' {
  export interface ProvidedContext {
    reliability: RunOptions;
  }
}

type Settings = {
  readSeconds: number;
  readConnections: number;
  writeSeconds: number;
  writeRate: number;
  writeConnections: number;
  seededClients: number;
  crashes: number;
  fuzzRuns: number;
};

const FULL: Settings = {
  readSeconds: 60,
  readConnections: 50,
  writeSeconds: 60,
  writeRate: 50,
  writeConnections: 10,
  seededClients: 1000,
  crashes: 20,
  fuzzRuns: 1000,
};

const QUICK: Settings = { ...FULL, readSeconds: 5, writeSeconds: 5, crashes: 3, fuzzRuns: 200 };

export type Context = RunOptions & {
  settings: Settings;
  /** Seeded: the same seed gives the same kill moments and picks, in every file. */
  random: () => number;
  /** Every response this file receives is checked for the security headers and leaks. */
  audit: ResponseAudit;
};

let current: Context | undefined;

/** This test file's context, made on first use. */
export function reliabilityContext(): Context {
  if (!current) {
    const options = inject('reliability');
    current = {
      ...options,
      settings: options.quick ? QUICK : FULL,
      random: seededRandom(options.seed),
      audit: new ResponseAudit(),
    };
  }
  return current;
}

/** The context when this file made one (setup.ts saves its audit after the file). */
export function contextIfMade(): Context | undefined {
  return current;
}

/** A check's figure: one line under the check's name in Vitest's output, printed before its assertions. */
export function printFigure(figure: string): void {
  console.info(figure);
}

/** A valid client whose last name is a unique marker, so that each write can be found again. */
export function clientBody(marker: string, index = 0): string {
  const day = String((index % 28) + 1).padStart(2, '0');
  const minute = String(index % 60).padStart(2, '0');
  return JSON.stringify({
    firstName: 'Reliability',
    lastName: marker,
    email: `${marker.toLowerCase().replace(/[^a-z0-9-]/g, '-')}@example.com`,
    registrationDateTime: `2024-05-${day}T10:${minute}`,
  });
}

export function formatInt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** `400 ×2, 503 ×1`: how many items have each key (by default, the item itself), in the keys' order. */
export function countBy<T>(items: Iterable<T>, key: (item: T) => string | number = String): string {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([name, count]) => `${name} ×${formatInt(count)}`)
    .join(', ');
}

/** `400 ×2, 503 ×1`: how many responses had each status. */
export const countStatuses = (responses: Iterable<{ status: number }>) => countBy(responses, (response) => response.status);
