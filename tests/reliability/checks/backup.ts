/**
 * Backup and restore with the real server and the built CLIs: a backup taken under writes and
 * reads holds every create acknowledged before it began and stalls no read; a restore is refused
 * while the server runs, and after SIGTERM brings back exactly the backup's clients and accounts,
 * keeping what it replaced.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { seedClients } from '../../harness/seed-clients.ts';
import { PROJECT_ROOT as ROOT } from '../../harness/build.ts';
import { ADMIN, type RealServer } from '../../harness/real-server.ts';
import { countBy, formatInt, type Context, type Group, type Outcome } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn } from '../lib/http.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { trackProcess as trackChild } from '../../harness/processes.ts';
import { startRealServer } from '../lib/server.ts';
import { inspectLive, type Inspection } from '../lib/sqlite.ts';
import { compareStored, newLedger, percentile, runWriters, storedProblems } from './shared.ts';

export const BACKUP_CHECK = 'backup: under write load';
export const ROUND_TRIP_CHECK = 'backup: restore round trip';

const WRITERS = 2;
const READERS = 2;
/** The longest a read may take while a backup runs: a backup must not stall the server noticeably. */
const STALL_LIMIT_MS = 100;
const CLI_TIME_LIMIT_MS = 60_000;
const LATER_ACCOUNT = { username: 'later', password: 'an account made after the backup' } as const;

type CliRun = { code: number | null; stdout: string; stderr: string; ms: number; startedAt: number; endedAt: number };

/** Runs a CLI of the built server as its own process, on the database (never blocking this process's readers). */
function runCli(cli: 'backup' | 'restore' | 'staff', args: string[], databaseFile: string, input = ''): Promise<CliRun> {
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

/** The counts the backup CLI printed: `  Holds: 1,234 clients, 2 staff accounts; integrity_check ok`. */
function printedCounts(stdout: string): { clients: number; staff: number } | undefined {
  const match = /^ {2}Holds: ([\d,]+) clients?, ([\d,]+) staff accounts?; integrity_check ok$/m.exec(stdout);
  return match ? { clients: Number(match[1]?.replace(/,/g, '')), staff: Number(match[2]?.replace(/,/g, '')) } : undefined;
}

type AfterBackup = { server: RealServer; databaseFile: string; copyFile: string; copy: Inspection };

async function backupUnderLoad(context: Context): Promise<Outcome & AfterBackup> {
  const dir = join(context.workDir, 'backup');
  const databaseFile = join(dir, 'salon.db');
  const copyFile = join(dir, 'copy.db');
  const seededCount = context.quick ? 2_000 : 50_000;
  await seedClients(databaseFile, seededCount);
  const seeded = new Set(inspectLive(databaseFile).clients.map((row) => row.id));
  const server = await startRealServer({ name: 'backup', dir: context.workDir, databaseFile });
  const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'backup', maxSockets: WRITERS + READERS });
  const cookie = await logIn(client, ADMIN.username, ADMIN.password);
  const ledger = newLedger();
  const reads: Array<{ startedAt: number; ms: number; status: number }> = [];
  let stop = false;
  const writing = runWriters({ client, cookie, tag: 'backup', count: WRITERS, ledger, stop: () => stop });
  // Readers of GET /api/clients/:id for random seeded ids, without pause.
  const ids = [...seeded];
  const reader = async () => {
    while (!stop) {
      const id = ids[Math.floor(context.random() * ids.length)] ?? '';
      const startedAt = performance.now();
      const { ms, status } = await client.request({ method: 'GET', path: `/api/clients/${encodeURIComponent(id)}`, headers: { cookie } });
      reads.push({ startedAt, ms, status });
    }
  };
  const reading = Promise.all(Array.from({ length: READERS }, reader));

  // A while of the same load without a backup: what the reads take anyway.
  const baselineFrom = performance.now();
  await sleep(context.quick ? 500 : 3000);
  const before = new Map(ledger.acknowledged);
  const backup = await runCli('backup', ['--to', copyFile], databaseFile);
  const acknowledgedDuring = ledger.acknowledged.size - before.size;
  await sleep(200);
  stop = true;
  await Promise.all([writing, reading]);
  client.close();

  const baseline = reads
    .filter((read) => read.startedAt >= baselineFrom && read.startedAt + read.ms < backup.startedAt)
    .map((read) => read.ms);
  const during = reads
    .filter((read) => read.startedAt < backup.endedAt && read.startedAt + read.ms > backup.startedAt)
    .map((read) => read.ms);
  const failedReads = reads.filter((read) => read.status !== 200).length;
  const problems: string[] = [];
  if (backup.code !== 0 || backup.stderr !== '') problems.push(`backup exited with ${backup.code}: ${backup.stderr.trim().slice(0, 300)}`);
  const copy = inspectLive(copyFile);
  const printed = printedCounts(backup.stdout);
  if (copy.integrity !== 'ok') problems.push(`integrity_check of the copy: ${copy.integrity}`);
  if (!printed) problems.push(`backup did not print what the copy holds: ${backup.stdout.trim().slice(0, 300)}`);
  else if (printed.clients !== copy.clients.length || printed.staff !== copy.staff)
    problems.push(
      `backup printed ${printed.clients} clients and ${printed.staff} staff accounts; the copy holds ${copy.clients.length} and ${copy.staff}`,
    );
  // Every create acknowledged before the backup began is in the copy, and no row nobody wrote.
  const written = copy.clients.filter((row) => !seeded.has(row.id));
  const found = compareStored(written, before, ledger.sent);
  problems.push(...storedProblems(found, 'the copy, of the creates acknowledged before the backup began: '));
  const copyIds = new Set(copy.clients.map((row) => row.id));
  const seededMissing = [...seeded].filter((id) => !copyIds.has(id)).length;
  if (seededMissing > 0) problems.push(`${seededMissing} seeded clients missing from the copy`);
  if (before.size === 0) problems.push('no create was acknowledged before the backup began');
  if (acknowledgedDuring === 0) problems.push('no create was acknowledged while the backup ran');
  if (during.length === 0) problems.push('no read overlapped the backup');
  if (maxOf(during) > STALL_LIMIT_MS)
    problems.push(`a read took ${maxOf(during).toFixed(0)} ms during the backup (limit ${STALL_LIMIT_MS} ms)`);
  if (failedReads > 0) problems.push(`${failedReads} reads did not answer 200`);
  if (ledger.refused.length > 0) problems.push(`writes refused: ${countBy(ledger.refused, (status) => status)}`);

  const ownTime = /^Backed up .+ in ([\d.]+) s$/m.exec(backup.stdout)?.[1] ?? '?';
  const size = `${(statSync(copyFile).size / 2 ** 20).toFixed(1)} MiB`;
  return {
    server,
    databaseFile,
    copyFile,
    copy,
    problems,
    figure:
      `${formatInt(seededCount)} clients, copy ${size}: backup in ${ownTime} s (${formatInt(backup.ms)} ms with the process start); ` +
      `${formatInt(before.size)} creates acknowledged before it began, ${formatInt(before.size - found.lost.length)} in the copy, ` +
      `${formatInt(acknowledgedDuring)} more during it; integrity ${copy.integrity}; ` +
      `GET /api/clients/:id during the backup: ${formatInt(during.length)} reads, max ${maxOf(during).toFixed(0)} ms, p99 ${percentile(during, 0.99).toFixed(1)} ms ` +
      `(same load before it: max ${maxOf(baseline).toFixed(0)} ms, p99 ${percentile(baseline, 0.99).toFixed(1)} ms)`,
  };
}

/** The ids the server lists, and whether a username/password logs in (200) or not. */
async function serverView(server: RealServer, context: Context) {
  const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'backup' });
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

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));

async function restoreRoundTrip(context: Context, state: AfterBackup): Promise<Outcome & { server: RealServer }> {
  const { databaseFile, copyFile, copy } = state;
  let server = state.server;
  const problems: string[] = [];
  const backupIds = new Set(copy.clients.map((row) => row.id));

  // After the backup: more clients, and one more staff account.
  const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'backup', maxSockets: WRITERS });
  const cookie = await logIn(client, ADMIN.username, ADMIN.password);
  const after = newLedger();
  await runWriters({ client, cookie, tag: 'after-backup', count: WRITERS, ledger: after, stop: () => false, maxWrites: 20 });
  client.close();
  const staff = await runCli('staff', ['add', LATER_ACCOUNT.username], databaseFile, `${LATER_ACCOUNT.password}\n`);
  if (staff.code !== 0) problems.push(`staff add exited with ${staff.code}: ${staff.stderr.trim()}`);
  const beforeView = await serverView(server, context);
  if (beforeView.laterLogin !== 200) problems.push(`the account added after the backup could not log in: ${beforeView.laterLogin}`);
  const replaced = inspectLive(databaseFile);

  const whileRunning = await runCli('restore', [copyFile], databaseFile);
  const refusedRight =
    whileRunning.code === 1 &&
    /is in use by a running server/.test(whileRunning.stderr) &&
    whileRunning.stderr.trim().split('\n').length === 1;
  if (!refusedRight)
    problems.push(`restore while the server runs: exit ${whileRunning.code}, ${JSON.stringify(whileRunning.stderr.trim().slice(0, 300))}`);

  const stopped = await server.terminate();
  if (stopped.forced) problems.push('the server did not stop on SIGTERM');
  const restore = await runCli('restore', [copyFile], databaseFile);
  if (restore.code !== 0 || restore.stderr !== '')
    problems.push(`restore exited with ${restore.code}: ${restore.stderr.trim().slice(0, 300)}`);
  const keptFile = /^Kept the database it replaces as (.+) \(/m.exec(restore.stdout)?.[1];
  const kept = keptFile ? inspectLive(keptFile) : undefined;
  if (!kept) problems.push(`restore did not say where it kept the database it replaced: ${restore.stdout.trim().slice(0, 300)}`);
  else if (
    !sameSet(new Set(kept.clients.map((row) => row.id)), new Set(replaced.clients.map((row) => row.id))) ||
    kept.staff !== replaced.staff
  )
    problems.push(
      `the pre-restore copy holds ${kept.clients.length} clients and ${kept.staff} staff, not the ${replaced.clients.length} and ${replaced.staff} replaced`,
    );

  server = await startRealServer({ name: 'backup', dir: context.workDir, databaseFile, port: server.port });
  const view = await serverView(server, context);
  const stored = inspectLive(databaseFile);
  if (view.listStatus !== 200) problems.push(`GET /api/clients after the restore: ${view.listStatus}`);
  else if (!sameSet(view.ids, backupIds)) {
    const extra = [...view.ids].filter((id) => !backupIds.has(id)).length;
    const lost = [...backupIds].filter((id) => !view.ids.has(id)).length;
    problems.push(
      `the server lists ${view.ids.size} clients after the restore, not the backup's ${backupIds.size} (${extra} extra, ${lost} missing)`,
    );
  }
  if (stored.staff !== copy.staff) problems.push(`${stored.staff} staff accounts after the restore, not the backup's ${copy.staff}`);
  if (view.laterLogin !== 401) problems.push(`the account added after the backup still logs in after the restore: ${view.laterLogin}`);
  if (stored.integrity !== 'ok') problems.push(`integrity_check after the restore: ${stored.integrity}`);

  return {
    server,
    problems,
    figure:
      `backup of ${formatInt(backupIds.size)} clients and ${copy.staff} staff account${copy.staff === 1 ? '' : 's'}, then ${formatInt(after.acknowledged.size)} creates and 1 account; ` +
      `restore while running: ${refusedRight ? 'refused (exit 1, "in use")' : 'NOT refused'}; SIGTERM, restore in ${formatInt(restore.ms)} ms ` +
      `(pre-restore copy: ${formatInt(kept?.clients.length ?? 0)} clients, ${kept?.staff ?? 0} staff), start: ${formatInt(view.ids.size)} clients listed, ` +
      `${sameSet(view.ids, backupIds) ? 'exactly' : 'NOT'} the backup's; ${stored.staff} staff account${stored.staff === 1 ? '' : 's'} (the later one: ${view.laterLogin})`,
  };
}

export const backupGroup: Group = {
  name: 'backup',
  checks: [BACKUP_CHECK, ROUND_TRIP_CHECK],
  async run(context, report) {
    let server: RealServer | undefined;
    try {
      const backedUp = await backupUnderLoad(context);
      server = backedUp.server;
      report(BACKUP_CHECK, { figure: backedUp.figure, problems: backedUp.problems });
      const roundTrip = await restoreRoundTrip(context, backedUp);
      server = roundTrip.server;
      report(ROUND_TRIP_CHECK, { figure: roundTrip.figure, problems: roundTrip.problems });
      const stopped = await server.terminate();
      if (stopped.forced) throw new Error('the server did not stop on SIGTERM');
    } finally {
      await server?.kill();
    }
  },
};
