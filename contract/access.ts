/**
 * Who may call each route, written once: the server's access hook (server/http/access.ts) and the mock's `route`
 * (mocks/handlers/respond.ts) both look a request up here. 'public': anyone; 'session': a signed-in account (401 "Log
 * in to continue" without one); `{ owner }`: an owner's session (403 with the message for anyone else). The session is
 * checked first, then the request's form (400), then the role.
 */
import { ownerOnly } from './team.ts';

export type Access = 'public' | 'session' | { owner: string };

export const access = {
  'GET /healthz': 'public',
  'POST /login': 'public',
  'POST /logout': 'public',
  'POST /login/passkey/options': 'public',
  'POST /login/passkey': 'public',
  'POST /login/passkey/cancel': 'public',
  'GET /welcome-links/:token': 'public',
  'POST /welcome-links/:token': 'public',

  'GET /api/me': 'session',
  'GET /api/openapi.json': 'session',
  'PUT /api/account/password': 'session',
  'GET /api/account/sessions': 'session',
  'DELETE /api/account/sessions': 'session',
  'DELETE /api/account/sessions/:id': 'session',
  'GET /api/account/passkeys': 'session',
  'POST /api/account/passkeys/options': 'session',
  'POST /api/account/passkeys': 'session',
  'DELETE /api/account/passkeys/:id': 'session',
  'PUT /api/account/passkey-setting': 'session',

  'GET /api/clients': 'session',
  'POST /api/clients': 'session',
  'GET /api/clients/:clientId': 'session',
  'PUT /api/clients/:clientId': 'session',
  'DELETE /api/clients/:clientId': 'session',
  'GET /api/clients/:clientId/history': 'session',
  'GET /api/clients/:clientId/export': { owner: ownerOnly.exportClient },
  'POST /api/clients/:clientId/restore': 'session',
  'POST /api/clients/:clientId/erase': { owner: ownerOnly.eraseClient },
  'GET /api/clients-export': { owner: ownerOnly.exportClients },
  'GET /api/deleted-clients': 'session',
  'GET /api/events': 'session',
  'HEAD /api/events': 'session',

  'GET /api/duplicates': 'session',
  'GET /api/merges': 'session',
  'POST /api/merges': 'session',
  'POST /api/merges/:mergeId/undo': 'session',

  'GET /api/imports': { owner: ownerOnly.importClients },
  'POST /api/imports': { owner: ownerOnly.importClients },
  'GET /api/imports/:importId': { owner: ownerOnly.importClients },
  'POST /api/imports/:importId/undo': { owner: ownerOnly.importClients },

  'GET /api/staff': { owner: ownerOnly.manageStaff },
  'POST /api/staff': { owner: ownerOnly.manageStaff },
  'PATCH /api/staff/:username': { owner: ownerOnly.manageStaff },
  'POST /api/staff/:username/password-reset': { owner: ownerOnly.manageStaff },
  'POST /api/staff/:username/sign-out': { owner: ownerOnly.manageStaff },

  'GET /api/salon': 'public',
  'GET /api/services': 'session',
  'POST /api/services': { owner: ownerOnly.manageServices },
  'PUT /api/services/:serviceId': { owner: ownerOnly.manageServices },
  'DELETE /api/services/:serviceId': { owner: ownerOnly.manageServices },
  'GET /api/schedules': 'session',
  'GET /api/account/hours': 'session',
  'PUT /api/account/hours': 'session',
  'POST /api/account/time-off': 'session',
  'DELETE /api/account/time-off/:timeOffId': 'session',
  'GET /api/staff/:username/hours': { owner: ownerOnly.manageHours },
  'PUT /api/staff/:username/hours': { owner: ownerOnly.manageHours },
  'POST /api/staff/:username/time-off': { owner: ownerOnly.manageHours },
  'DELETE /api/staff/:username/time-off/:timeOffId': { owner: ownerOnly.manageHours },

  'GET /api/audit': { owner: ownerOnly.readAudit },
  'GET /api/audit-export': { owner: ownerOnly.readAudit },

  'GET /api/appointments': 'session',
  'POST /api/appointments': 'session',
  'GET /api/appointments/:appointmentId': 'session',
  'PUT /api/appointments/:appointmentId': 'session',
  'DELETE /api/appointments/:appointmentId': 'session',
  'POST /api/appointments/:appointmentId/restore': 'session',
  'GET /api/appointments/:appointmentId/history': 'session',
  'GET /api/availability': 'session',
  'GET /api/clients/:clientId/appointments': 'session',

  'GET /api/outbox': { owner: ownerOnly.readOutbox },
  'GET /api/booking': 'public',
  'GET /api/booking/days': 'public',
  'GET /api/booking/times': 'public',
  'POST /api/booking/holds': 'public',
  'DELETE /api/booking/holds/:holdToken': 'public',
  'POST /api/booking/appointments': 'public',
  'GET /api/booking/cancellations/:cancelToken': 'public',
  'POST /api/booking/cancellations/:cancelToken': 'public',
  'GET /api/clients/:clientId/details': 'session',
} as const satisfies Record<string, Access>;

type GetPath<Operation> = Operation extends `GET ${infer Path}` ? Path : never;

/** A route of the table as `METHOD /path/:param`; a GET's HEAD (which answers as the GET does) is the GET's. */
export type Operation = keyof typeof access | `HEAD ${GetPath<keyof typeof access>}`;

/** The rule of a route (its method and its path as the router has it), or undefined for a route the table lacks. */
export function accessOf(method: string, url: string): Access | undefined {
  const rules: Record<string, Access> = access;
  return rules[`${method} ${url}`] ?? (method === 'HEAD' ? rules[`GET ${url}`] : undefined);
}

/** The message of a 401: the route needs a session and the request has none. */
export const SESSION_REQUIRED_MESSAGE = 'Log in to continue';
