/**
 * Backup and restore with the real server and the built CLIs: a backup taken under writes and
 * reads holds every create acknowledged before it began and stalls no read; a restore is refused
 * while the server runs, and after SIGTERM brings back exactly the backup's clients and accounts,
 * keeping what it replaced.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT as ROOT } from '../../harness/build.ts';
import { trackProcess as trackChild } from '../../harness/processes.ts';
import { ADMIN, type RealServer } from '../../harness/real-server.ts';
import { seedClients } from '../../harness/seed-clients.ts';
import { countBy, formatInt, printFigure, reliabilityContext } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn } from '../lib/http.ts';
import { startRealServer } from '../lib/server.ts';
import { inspectLive, type Inspection } from '../lib/sqlite.ts';
import { compareStored, expectStoredAsWritten, newLedger, percentile, runWriters } from './shared.ts';

const context = reliabilityContext();
const WRITERS = 2;
const READERS = 2;
/**
 * The longest a read may take while a backup runs: a backup must not stall the server noticeably. On a busy machine the
 * same load's reads are slower without any backup, so the limit is also twice the longest of those (a read held for the
 * backup's length still fails it).
 */
const STALL_LIMIT_MS = 100;
const CLI_TIME_LIMIT_MS = 60_000;
const LATER_ACCOUNT = { username: 'later', password: 'an account made after the backup' } as const;

const dir = join(context.workDir, 'backup');
const databaseFile = join(dir, 'salon.db');
const copyFile = join(dir, 'copy.db');

type CliRun = { code: number | null; stdout: string; stderr: string; ms: number; startedAt: number; endedAt: number };

/** Runs a CLI of the built server as its own process, on the database (never blocking this process's readers). */
function runCli(cli: 'backup' | 'restore' | 'staff', args: string[], input = ''): Promise<CliRun> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'dist-server', 'server', 'cli', `${cli}.js`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: `file:${databaseFile}` },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  trackChild(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(input);
  // Bounded: a backup that never finishes (one that restarts on every commit) fails the check instead of hanging it.
  const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIME_LIMIT_MS);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      const endedAt = performance.now();
      resolve({ code, stdout, stderr, ms: endedAt - startedAt, startedAt, endedAt });
    });
  });
}

const maxOf = (values: number[]) => percentile(values, 1);
const stallLimit = (baseline: number[]) => Math.max(STALL_LIMIT_MS, 2 * maxOf(baseline));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));

/** The counts the backup CLI printed: `  Holds: 1,234 clients, 2 staff accounts; integrity_check ok`. */
function printedCounts(stdout: string): { clients: number; staff: number } | undefined {
  const match = /^ {2}Holds: ([\d,]+) clients?, ([\d,]+) staff accounts?; integrity_check ok$/m.exec(stdout);
  return match ? { clients: Number(match[1]?.replace(/,/g, '')), staff: Number(match[2]?.replace(/,/g, '')) } : undefined;
}

type Read = { startedAt: number; ms: number; status: number };

type BackupRun = {
  ledger: ReturnType<typeof newLedger>;
  /** The creates acknowledged before the backup began (id → marker). */
  before: Map<string, string>;
  acknowledgedDuring: number;
  reads: Read[];
  baselineFrom: number;
  backup: CliRun;
};

/**
 * Writers creating clients and readers fetching random seeded ones, without pause; a while of
 * that load alone (the baseline), then the backup CLI as its own process, the load going on.
 */
async function backupUnderLoad(server: RealServer, seeded: string[]): Promise<BackupRun> {
  const client = new HttpClient(server.origin, { audit: context.audit, source: 'backup', maxSockets: WRITERS + READERS });
  const cookie = await logIn(client, ADMIN.username, ADMIN.password);
  const ledger = newLedger();
  const reads: Read[] = [];
  let stop = false;
  const writing = runWriters({ client, cookie, tag: 'backup', count: WRITERS, ledger, stop: () => stop });
  const reader = async () => {
    while (!stop) {
      const id = seeded[Math.floor(context.random() * seeded.length)] ?? '';
      const startedAt = performance.now();
      const { ms, status } = await client.request({ method: 'GET', path: `/api/clients/${encodeURIComponent(id)}`, headers: { cookie } });
      reads.push({ startedAt, ms, status });
    }
  };
  const reading = Promise.all(Array.from({ length: READERS }, reader));

  const baselineFrom = performance.now();
  await sleep(context.quick ? 500 : 3000);
  const before = new Map(ledger.acknowledged);
  const backup = await runCli('backup', ['--to', copyFile]);
  const acknowledgedDuring = ledger.acknowledged.size - before.size;
  await sleep(200);
  stop = true;
  await Promise.all([writing, reading]);
  client.close();
  return { ledger, before, acknowledgedDuring, reads, baselineFrom, backup };
}

/** The ids the server lists, and whether a username/password logs in (200) or not. */
async function serverView(server: RealServer) {
  const client = new HttpClient(server.origin, { audit: context.audit, source: 'backup' });
  try {
    const cookie = await logIn(client, ADMIN.username, ADMIN.password);
    const list = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
    const ids = list.status === 200 ? (JSON.parse(list.body) as Array<{ _id: string }>).map((item) => item._id) : [];
    const body = JSON.stringify(LATER_ACCOUNT);
    const later = await client.request({ method: 'POST', path: '/login', headers: jsonHeaders(server.origin), body });
    return { listStatus: list.status, ids: new Set(ids), laterLogin: later.status };
  } finally {
    client.close();
  }
}

/** After the backup: more clients, and one more staff account (added with the staff CLI). */
async function changeAfterBackup(server: RealServer) {
  const client = new HttpClient(server.origin, { audit: context.audit, source: 'backup', maxSockets: WRITERS });
  const cookie = await logIn(client, ADMIN.username, ADMIN.password);
  const ledger = newLedger();
  await runWriters({ client, cookie, tag: 'after-backup', count: WRITERS, ledger, stop: () => false, maxWrites: 20 });
  client.close();
  const staff = await runCli('staff', ['add', LATER_ACCOUNT.username], `${LATER_ACCOUNT.password}\n`);
  return { creates: ledger.acknowledged.size, staff, view: await serverView(server) };
}

/** The restore CLI refuses while the server runs: exit 1 and one line saying the database is in use. */
async function restoreWhileRunning() {
  const run = await runCli('restore', [copyFile]);
  const refused = run.code === 1 && /is in use by a running server/.test(run.stderr) && run.stderr.trim().split('\n').length === 1;
  return { run, refused };
}

/** The restore with the server stopped, and the copy it kept of the database it replaced. */
async function restoreStopped() {
  const run = await runCli('restore', [copyFile]);
  const keptFile = /^Kept the database it replaces as (.+) \(/m.exec(run.stdout)?.[1];
  return { run, kept: keptFile ? inspectLive(keptFile) : undefined };
}

/** The reads of the same load before the backup (the baseline), and those that overlapped it: how long each took. */
function readTimes(reads: Read[], baselineFrom: number, backup: CliRun): { baseline: number[]; during: number[] } {
  const baseline = reads.filter((read) => read.startedAt >= baselineFrom && read.startedAt + read.ms < backup.startedAt);
  const during = reads.filter((read) => read.startedAt < backup.endedAt && read.startedAt + read.ms > backup.startedAt);
  return { baseline: baseline.map((read) => read.ms), during: during.map((read) => read.ms) };
}

/** The pre-restore copy holds exactly the clients and staff accounts of the database the restore replaced. */
function expectSameDatabase(kept: Inspection, replaced: Inspection): void {
  const sameClients = sameSet(new Set(kept.clients.map((row) => row.id)), new Set(replaced.clients.map((row) => row.id)));
  expect
    .soft({ sameClients, staff: kept.staff }, 'the pre-restore copy holds what was replaced')
    .toEqual({ sameClients: true, staff: replaced.staff });
}

/** After the restore and a start, the server lists exactly the backup's clients and has exactly its accounts; the file is sound. */
function expectBackupRestored(view: Awaited<ReturnType<typeof serverView>>, stored: Inspection, copy: Inspection): void {
  const backupIds = new Set(copy.clients.map((row) => row.id));
  expect.soft(view.listStatus, 'GET /api/clients after the restore').toBe(200);
  if (view.listStatus === 200) {
    const extra = [...view.ids].filter((id) => !backupIds.has(id)).length;
    const lost = [...backupIds].filter((id) => !view.ids.has(id)).length;
    expect.soft({ extra, lost }, `clients listed after the restore, against the backup's ${backupIds.size}`).toEqual({ extra: 0, lost: 0 });
  }
  expect.soft(stored.staff, "staff accounts after the restore, against the backup's").toBe(copy.staff);
  expect.soft(view.laterLogin, 'the account added after the backup logs in after the restore').toBe(401);
  expect.soft(stored.integrity, 'integrity_check after the restore').toBe('ok');
}

describe('backup', () => {
  let server: RealServer | undefined;
  let copy: Inspection | undefined;
  afterAll(() => server?.kill());

  it('under write load', async () => {
    const seededCount = context.quick ? 2_000 : 50_000;
    await seedClients(databaseFile, seededCount);
    const seeded = new Set(inspectLive(databaseFile).clients.map((row) => row.id));
    server = await startRealServer({ name: 'backup', dir: context.workDir, databaseFile });
    const { ledger, before, acknowledgedDuring, reads, baselineFrom, backup } = await backupUnderLoad(server, [...seeded]);
    copy = inspectLive(copyFile);

    const { baseline, during } = readTimes(reads, baselineFrom, backup);
    // Every create acknowledged before the backup began is in the copy, and no row nobody wrote.
    const found = compareStored(
      copy.clients.filter((row) => !seeded.has(row.id)),
      before,
      ledger.sent,
    );
    const copyIds = new Set(copy.clients.map((row) => row.id));
    const ownTime = /^Backed up .+ in ([\d.]+) s$/m.exec(backup.stdout)?.[1] ?? '?';
    const size = `${(statSync(copyFile).size / 2 ** 20).toFixed(1)} MiB`;
    printFigure(
      `${formatInt(seededCount)} clients, copy ${size}: backup in ${ownTime} s (${formatInt(backup.ms)} ms with the process start); ` +
        `${formatInt(before.size)} creates acknowledged before it began, ${formatInt(before.size - found.lost.length)} in the copy, ` +
        `${formatInt(acknowledgedDuring)} more during it; integrity ${copy.integrity}; ` +
        `GET /api/clients/:id during the backup: ${formatInt(during.length)} reads, max ${maxOf(during).toFixed(0)} ms, p99 ${percentile(during, 0.99).toFixed(1)} ms ` +
        `(same load before it: max ${maxOf(baseline).toFixed(0)} ms, p99 ${percentile(baseline, 0.99).toFixed(1)} ms)`,
    );

    expect.soft({ code: backup.code, stderr: backup.stderr.slice(0, 300) }, 'the backup CLI').toEqual({ code: 0, stderr: '' });
    expect.soft(copy.integrity, 'integrity_check of the copy').toBe('ok');
    const printed = printedCounts(backup.stdout);
    expect.soft(printed, `what the copy holds, as backup printed it: ${backup.stdout.trim().slice(0, 300)}`).toEqual({
      clients: copy.clients.length,
      staff: copy.staff,
    });
    expectStoredAsWritten(found, 'the copy, of the creates acknowledged before the backup began: ');
    expect.soft([...seeded].filter((id) => !copyIds.has(id)).length, 'seeded clients missing from the copy').toBe(0);
    expect.soft(before.size, 'creates acknowledged before the backup began').toBeGreaterThan(0);
    expect.soft(acknowledgedDuring, 'creates acknowledged while the backup ran').toBeGreaterThan(0);
    expect.soft(during.length, 'reads that overlapped the backup').toBeGreaterThan(0);
    const limit = stallLimit(baseline);
    expect.soft(maxOf(during), `ms of the longest read during the backup (limit ${limit.toFixed(0)} ms)`).not.toBeGreaterThan(limit);
    expect.soft(reads.filter((read) => read.status !== 200).length, 'reads that did not get 200').toBe(0);
    expect.soft(countBy(ledger.refused), 'writes refused').toBe('');
  });

  it('restore round trip', async () => {
    if (!server || !copy) return expect.unreachable('the backup under write load did not complete');
    const backupIds = new Set(copy.clients.map((row) => row.id));
    const replacedBy = await changeAfterBackup(server);
    const replaced = inspectLive(databaseFile);
    const whileRunning = await restoreWhileRunning();
    const stopped = await server.terminate();
    const restore = await restoreStopped();
    server = await startRealServer({ name: 'backup', dir: context.workDir, databaseFile, port: server.port });
    const view = await serverView(server);
    const stored = inspectLive(databaseFile);
    const { kept } = restore;
    printFigure(
      `backup of ${formatInt(backupIds.size)} clients and ${copy.staff} staff account${copy.staff === 1 ? '' : 's'}, then ${formatInt(replacedBy.creates)} creates and 1 account; ` +
        `restore while running: ${whileRunning.refused ? 'refused (exit 1, "in use")' : 'NOT refused'}; SIGTERM, restore in ${formatInt(restore.run.ms)} ms ` +
        `(pre-restore copy: ${formatInt(kept?.clients.length ?? 0)} clients, ${kept?.staff ?? 0} staff), start: ${formatInt(view.ids.size)} clients listed, ` +
        `${sameSet(view.ids, backupIds) ? 'exactly' : 'NOT'} the backup's; ${stored.staff} staff account${stored.staff === 1 ? '' : 's'} (the later one: ${view.laterLogin})`,
    );

    expect.soft({ code: replacedBy.staff.code, stderr: replacedBy.staff.stderr.trim() }, 'staff add').toMatchObject({ code: 0 });
    expect.soft(replacedBy.view.laterLogin, 'the account added after the backup logs in').toBe(200);
    const refusal = `exit ${whileRunning.run.code}, ${JSON.stringify(whileRunning.run.stderr.trim().slice(0, 300))}`;
    expect.soft(whileRunning.refused, `restore while the server runs refused: ${refusal}`).toBe(true);
    expect.soft(stopped.forced, 'the server was killed: it did not stop on SIGTERM').toBe(false);
    expect.soft({ code: restore.run.code, stderr: restore.run.stderr.slice(0, 300) }, 'the restore CLI').toEqual({ code: 0, stderr: '' });
    expect.soft(kept, `where restore kept the database it replaced: ${restore.run.stdout.trim().slice(0, 300)}`).toBeDefined();
    if (kept) expectSameDatabase(kept, replaced);
    expectBackupRestored(view, stored, copy);
    const last = await server.terminate();
    expect.soft(last.forced, 'the restarted server was killed: it did not stop on SIGTERM').toBe(false);
  });
});
