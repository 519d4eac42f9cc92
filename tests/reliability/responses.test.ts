/**
 * Over every response the suite received (HTTP, inject and raw sockets; autocannon's excepted),
 * after the check files: each carried the security headers, and no body leaked a stack trace,
 * SQL or an SQLite error. Each file's responses were audited as they came (lib/response-audit.ts),
 * and its audit saved by setup.ts; this file adds them up. Runs last (vitest.config.ts).
 */
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { HEADER_KINDS, addSummaries, type AuditSummary } from './lib/response-audit.ts';
import { formatInt, printFigure } from './lib/context.ts';
import { savedAudits } from './lib/work-dir.ts';

describe('responses', () => {
  let audits = new Map<string, AuditSummary>();
  let all = addSummaries([]);
  /** A run of some files only (a filter) may not have produced every kind of response. */
  let everyFileRan = false;
  beforeAll(() => {
    audits = savedAudits(inject('reliability').workDir);
    all = addSummaries([...audits.values()]);
    const files = readdirSync(new URL('checks', import.meta.url)).filter((name) => name.endsWith('.test.ts'));
    everyFileRan = files.every((name) => audits.has(name.slice(0, -'.test.ts'.length)));
  });

  it('security headers', () => {
    const seenKinds = HEADER_KINDS.map((kind) => `${kind} ${all.headerCounts[kind]}`).join(', ');
    printFigure(
      `${formatInt(all.responses)} responses checked (${seenKinds}): ${all.missingHeaderCount} without the security headers` +
        (everyFileRan ? '' : ` (the responses of ${[...audits.keys()].join(', ') || 'no check'} only)`),
    );
    expect.soft(all.missingHeaders, 'responses without the security headers').toEqual([]);
    if (everyFileRan) {
      const unseen = HEADER_KINDS.filter((kind) => all.headerCounts[kind] === 0);
      expect.soft(unseen, 'kinds of response never seen to check').toEqual([]);
    }
  });

  it('no leaks in bodies', () => {
    printFigure(
      `${formatInt(all.bodiesScanned)} bodies scanned: ${all.leakCount} with a stack trace, SQL, an SQLite error or an unexpected error shape`,
    );
    expect(all.leaks, 'bodies with a leak').toEqual([]);
  });
});
