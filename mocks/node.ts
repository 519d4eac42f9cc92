import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';

/** The same handlers as the browser worker, for tests in Node. */
export const server = setupServer(...handlers);
