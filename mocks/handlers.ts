/** Every mock handler, shared by the browser worker and the Node server of the tests. */
import { authHandlers } from './handlers/auth.ts';
import { clientHandlers } from './handlers/clients.ts';

export const handlers = [...authHandlers, ...clientHandlers];
