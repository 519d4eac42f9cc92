/**
 * What the test files leave in the run's work directory for those after them and for the end
 * of the run: each file's response audit, and a mark when a check failed (the directory is then kept).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditSummary } from './response-audit.ts';

const FAILED_MARK = 'FAILED';
const AUDITS = 'response-audits';

export function markFailed(workDir: string): void {
  writeFileSync(join(workDir, FAILED_MARK), '');
}

export function somethingFailed(workDir: string): boolean {
  return existsSync(join(workDir, FAILED_MARK));
}

/** `group`: the test file's name without `.test.ts`. */
export function saveAudit(workDir: string, group: string, summary: AuditSummary): void {
  mkdirSync(join(workDir, AUDITS), { recursive: true });
  writeFileSync(join(workDir, AUDITS, `${group}.json`), JSON.stringify(summary));
}

/** The audits saved so far, by group. */
export function savedAudits(workDir: string): Map<string, AuditSummary> {
  const dir = join(workDir, AUDITS);
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
  return new Map(files.map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, name), 'utf8')) as AuditSummary]));
}
