/**
 * Vitest's global setup for the projects that build the server on SQLite (`server`, `api`, `slow`): one SQLite file
 * migrated once for the whole run, which each test's database copies (migratedTestDatabase in test-database.ts).
 * Migrating a new file costs ~300 ms on disk (each migration a transaction with synchronous=FULL), copying it ~8 ms:
 * with about 900 server tests, a minute and a half of the workers' time (issue 39, docs/decisions/027-ci-time.md).
 * The file is opened the way the server opens it (openDatabase: the migrations, WAL), then closed, which checkpoints
 * the log into the file: the copy is the whole database.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'salon-template-'));
  const file = join(dir, 'salon.db');
  const { db } = await openDatabase({ kind: 'sqlite', file });
  await db.destroy();
  if (existsSync(`${file}-wal`)) throw new Error(`${file}: the write-ahead log outlived the connection; the copy would lack it`);
  project.provide('sqliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
