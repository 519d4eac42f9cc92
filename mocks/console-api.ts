// `window.salonMock`: the mock backend from the browser console in development (docs/testing-the-cache.md).
import { recentCalls, type MockCall } from './call-log.ts';
import { colleague } from './colleague.ts';
import { resetMockDb } from './db.ts';
import { loadExample, type ImportExample } from './import-examples.ts';
import { describePersona, signInAs } from './personas.ts';
import { describeScenario, scenarioOff, setDelay, startScenario } from './scenarios.ts';

export type SalonMock = {
  reset: () => void;
  scenario: (...names: string[]) => string[];
  delay: (ms: number | 'never') => string[];
  off: () => string[];
  log: () => readonly MockCall[];
  /** Another staff member's writes: `update(clientId, { lastName: 'Novak' })`, `delete(clientId)`. */
  colleague: typeof colleague;
  /** Logs in as a demo account, `signInAs('sam')` (staff) or `signInAs('admin')` (owner), and reloads the page. */
  signInAs: (username: string) => string;
  /** Opens /clients/import with an example file chosen: `loadExample('spreadsheet' | 'suite-export' | 'errors')`. */
  loadExample: (example: ImportExample) => string;
};

declare global {
  interface Window {
    /** In development, the mock backend from the browser console (docs/testing-the-cache.md). */
    salonMock?: SalonMock;
  }
}

/** The console's API; `reload` starts the app afresh after a persona switch (the page's reload in the browser). */
export function createSalonMock({ reload }: { reload: () => void }): SalonMock {
  return {
    reset: resetMockDb,
    scenario: (...names) => (startScenario(...names), describeScenario()),
    delay: (ms) => (setDelay(ms), describeScenario()),
    off: () => (scenarioOff(), describeScenario()),
    // eslint-disable-next-line no-console -- printing the table is what log() is for
    log: () => (console.table(recentCalls()), recentCalls()),
    colleague,
    signInAs: (username) => {
      const me = signInAs(username);
      reload();
      return `Signed in as ${describePersona(me)}.`;
    },
    loadExample,
  };
}
