/** What every check gets: the settings of this run (full or --quick), a seeded random source, a work directory, the recorder. */
import type { Recorder } from './recorder.ts';

export type Settings = {
  readSeconds: number;
  readConnections: number;
  writeSeconds: number;
  writeRate: number;
  writeConnections: number;
  seededClients: number;
  crashes: number;
  fuzzRuns: number;
};

export const FULL: Settings = {
  readSeconds: 60,
  readConnections: 50,
  writeSeconds: 60,
  writeRate: 50,
  writeConnections: 10,
  seededClients: 1000,
  crashes: 20,
  fuzzRuns: 1000,
};

export const QUICK: Settings = { ...FULL, readSeconds: 5, writeSeconds: 5, crashes: 3, fuzzRuns: 200 };

export type Context = {
  quick: boolean;
  settings: Settings;
  seed: number;
  /** Seeded: the same --seed gives the same kill moments and fuzz inputs. */
  random: () => number;
  /** A fresh temporary directory for this run (databases, logs). */
  workDir: string;
  recorder: Recorder;
  /** Use the max_page_count simulation for the disk-full check even where tmpfs can be mounted. */
  simulateDiskFull: boolean;
};

/** The result of one check: its figure (one line), and what went wrong (nothing when it passed). */
export type Outcome = { figure: string; problems: string[] };
export type Report = (name: string, outcome: Outcome) => void;

/** A group of checks sharing a server; it reports each of `checks` (those it does not report count as failed). */
export type Group = {
  name: string;
  checks: string[];
  run(context: Context, report: Report): Promise<void>;
};

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

export function countBy<T>(items: Iterable<T>, key: (item: T) => string | number): string {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([name, count]) => `${name} ×${formatInt(count)}`)
    .join(', ');
}

/** The two checks made over every answer of the run, after the groups. */
export const HEADER_CHECK = 'access: security headers';
export const LEAK_CHECK = 'access: no leaks in bodies';
