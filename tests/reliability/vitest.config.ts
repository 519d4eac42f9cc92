/**
 * `npm run test:reliability`: the reliability and security suite as a Vitest project of its own,
 * kept out of `npm test` (it builds the production app and starts real servers). One file at a
 * time in a fresh worker process, in a fixed order (each check assumes the machine to itself;
 * responses.test.ts, over every file's responses, last), with time limits as generous as a full run needs.
 * The run's options are environment variables (cli.mjs maps `--quick` and the others onto them):
 * global-setup.ts reads them.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The order of the old runner: the loads first, on a machine at rest; the responses over all of them last. */
const ORDER = ['load', 'crash', 'graceful-stop', 'database-trouble', 'backup', 'fuzz', 'logins', 'access', 'postgres', 'responses'];
const rank = (file: TestSpecification) => {
  const index = ORDER.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
  return index === -1 ? ORDER.length - 1.5 : index;
};

class FixedOrder extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve(files.toSorted((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId)));
  }
}

export default defineConfig({
  root: ROOT,
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['tests/reliability/**/*.test.ts'],
    globalSetup: ['tests/reliability/global-setup.ts'],
    setupFiles: ['tests/reliability/setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    sequence: { sequencer: FixedOrder },
    // A full run's longest check (20 crashes, a 60 s load) takes a few minutes on 2 cores.
    testTimeout: 10 * 60_000,
    hookTimeout: 5 * 60_000,
    teardownTimeout: 60_000,
    // Every check is slow: Vitest's duration of each is a figure, not a warning.
    slowTestThreshold: 60_000,
  },
});
