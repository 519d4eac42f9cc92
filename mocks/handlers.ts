/** Every mock handler, shared by the browser worker and the Node server of the tests. */
import { appointmentHandlers } from './handlers/appointments.ts';
import { auditHandlers } from './handlers/audit.ts';
import { authHandlers } from './handlers/auth.ts';
import { bookSetupHandlers } from './handlers/book-setup.ts';
import { bookingHandlers } from './handlers/booking.ts';
import { clientHandlers } from './handlers/clients.ts';
import { eventHandlers } from './handlers/events.ts';
import { importHandlers } from './handlers/imports.ts';
import { mergeHandlers } from './handlers/merges.ts';
import { passkeyHandlers } from './handlers/passkeys.ts';
import { outboxHandlers } from './handlers/outbox.ts';
import { methodNotAllowedHandler } from './handlers/respond.ts';
import { teamHandlers } from './handlers/team.ts';
import { scenarioHandler } from './scenarios.ts';

/** The scenario handler first: it responds for a scenario that is on, or lets the request through; the 405s last. */
export const handlers = [
  scenarioHandler,
  ...authHandlers,
  ...appointmentHandlers,
  ...auditHandlers,
  ...bookSetupHandlers,
  ...bookingHandlers,
  ...clientHandlers,
  ...eventHandlers,
  ...importHandlers,
  ...mergeHandlers,
  ...outboxHandlers,
  ...passkeyHandlers,
  ...teamHandlers,
  methodNotAllowedHandler,
];
