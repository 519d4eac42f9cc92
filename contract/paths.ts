/**
 * The paths, relative to {host}. Kept apart from the zod schemas so that
 * the landing page's bundle can name a path without loading zod.
 */
export const apiPaths = {
  login: '/login',
  logout: '/logout',
  clients: '/api/clients',
  client: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`,
  clientHistory: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/history`,
  clientExport: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/export`,
  restoreClient: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/restore`,
  eraseClient: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/erase`,
  deletedClients: '/api/deleted-clients',
  events: '/api/events',
  /** Owner only: the whole list for "Export CSV" (the audit trail records who and how many). */
  clientsExport: '/api/clients-export',
  me: '/api/me',
  staff: '/api/staff',
  staffMember: (username: string) => `/api/staff/${encodeURIComponent(username)}`,
  staffPasswordReset: (username: string) => `/api/staff/${encodeURIComponent(username)}/password-reset`,
  staffSignOut: (username: string) => `/api/staff/${encodeURIComponent(username)}/sign-out`,
  /** Outside /api: whoever opens a sign-in link has no session yet. */
  welcomeLink: (token: string) => `/welcome-links/${encodeURIComponent(token)}`,
  accountPassword: '/api/account/password',
  accountSessions: '/api/account/sessions',
  accountSession: (sessionId: string) => `/api/account/sessions/${encodeURIComponent(sessionId)}`,
  /** Passkeys (issue 30): GET the account's, POST one the browser made from the options. */
  accountPasskeys: '/api/account/passkeys',
  accountPasskeyOptions: '/api/account/passkeys/options',
  accountPasskey: (passkeyId: string) => `/api/account/passkeys/${encodeURIComponent(passkeyId)}`,
  /** "Ask for my passkey after my password". */
  accountPasskeySetting: '/api/account/passkey-setting',
  /** Outside /api, as /login: sign in with a passkey (or end the second step after the password). */
  passkeyLoginOptions: '/login/passkey/options',
  passkeyLogin: '/login/passkey',
  /** The second step cancelled in the browser: the server ends its challenge and records the failed step. */
  passkeyLoginCancel: '/login/passkey/cancel',
  audit: '/api/audit',
  /** Owner only: every entry the trail's filters match, for its "Export CSV". */
  auditExport: '/api/audit-export',
  /** Owner only (issue 29): write a file's rows; the last 30 days' imports. */
  imports: '/api/imports',
  /** One import (the Location of POST /api/imports's 201). */
  import: (importId: string) => `/api/imports/${encodeURIComponent(importId)}`,
  undoImport: (importId: string) => `/api/imports/${encodeURIComponent(importId)}/undo`,
  /** Possible duplicates (issue 29): pairs of clients alike in email or name. */
  duplicates: '/api/duplicates',
  /** Two clients into one. */
  merges: '/api/merges',
  /** The merges a client took part in, for its history. */
  mergesOf: (clientId: string) => `/api/merges?clientId=${encodeURIComponent(clientId)}`,
  undoMerge: (mergeId: string) => `/api/merges/${encodeURIComponent(mergeId)}/undo`,
  /** The book (issue 40): the salon's time zone and currency. */
  salon: '/api/salon',
  services: '/api/services',
  service: (serviceId: string) => `/api/services/${encodeURIComponent(serviceId)}`,
  /** Every active member's working hours and time off: the calendar's columns and rows. */
  schedules: '/api/schedules',
  /** The signed-in member's own working hours (GET, PUT) and time off (POST; DELETE one). */
  accountHours: '/api/account/hours',
  accountTimeOff: '/api/account/time-off',
  accountTimeOffEntry: (timeOffId: string) => `/api/account/time-off/${encodeURIComponent(timeOffId)}`,
  /** Owner only: anyone's. */
  staffHours: (username: string) => `/api/staff/${encodeURIComponent(username)}/hours`,
  staffTimeOff: (username: string) => `/api/staff/${encodeURIComponent(username)}/time-off`,
  staffTimeOffEntry: (username: string, timeOffId: string) =>
    `/api/staff/${encodeURIComponent(username)}/time-off/${encodeURIComponent(timeOffId)}`,
  /** GET ?from=&to=&staff= (the salon's days, both included); POST books one. */
  appointments: '/api/appointments',
  appointment: (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}`,
  /** "Undo" of a cancellation. */
  restoreAppointment: (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}/restore`,
  appointmentHistory: (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}/history`,
  /** GET ?service=&staff=&date=[&except=]: the free start times. */
  availability: '/api/availability',
  clientAppointments: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/appointments`,
  /** Online booking on the landing page (issue 41; contract/online-booking.ts), public. */
  booking: '/api/booking',
  /** GET ?service=&staff=: the next 28 days, each free or not. */
  bookingDays: '/api/booking/days',
  /** GET ?service=&staff=&date=: a day's free start times. */
  bookingTimes: '/api/booking/times',
  bookingHolds: '/api/booking/holds',
  bookingHold: (token: string) => `/api/booking/holds/${encodeURIComponent(token)}`,
  bookingAppointments: '/api/booking/appointments',
  bookingCancellation: (token: string) => `/api/booking/cancellations/${encodeURIComponent(token)}`,
  /** A client's phone and offers consent, from an online booking. */
  clientDetails: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/details`,
  /** Owners: how many emails wait to be sent. */
  outbox: '/api/outbox',
} as const;
