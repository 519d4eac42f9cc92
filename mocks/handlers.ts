/** Every mock handler, shared by the browser worker and the Node server of the tests. */
import { authHandlers } from './handlers/auth';
import { clientHandlers } from './handlers/clients';

export const handlers = [...authHandlers, ...clientHandlers];
