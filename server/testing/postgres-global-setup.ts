/**
 * The `server-postgres` Vitest project's PostgreSQL: TEST_DATABASE_URL when set (a server on
 * which the tests may create databases), else a throwaway cluster from Debian's binaries,
 * started for the run and deleted after it (tests/harness/postgres.ts).
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '#tests/harness/postgres.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return async () => {};
  }
  const cluster = await startPostgresCluster({ fast: true });
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
