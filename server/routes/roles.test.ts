/**
 * Roles (issue 28): every route of the API × owner and staff → the status it answers. Staff keep all that SPEC.md
 * gives a logged-in user and the team features; exporting and erasing are an owner's, refused with 403
 * "Only an owner can …". The table must name every operation of the OpenAPI document, so a new route is decided here.
 */
import { describe, expect, it } from 'vitest';
import { NO_HOURS } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { ownerOnly } from '#contract/team';
import { forTheFile } from '../testing/cleanup.ts';
import { aClient, asStaff, asStaffMember, createClient, loggedIn, type LoggedInApp } from '../testing/test-app.ts';
import { UNVERIFIED_ASSERTION, UNVERIFIED_REGISTRATION } from '#tests/harness/software-authenticator.ts';

type Request = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
type Row = {
  /** The request, given a client registered by the owner. */
  request: (clientId: string) => Request;
  owner: number;
  staff: number;
  /** What staff are told, for a 403. */
  refusal?: string;
  /** It ends the sessions the file's other rows share: asked on apps of its own. */
  endsSession?: true;
};

const edited = { ...aClient, firstName: 'Amelie' };
const TIME_OFF = { first: '2025-12-24', last: '2025-12-26' };

const ROUTES: Record<string, Row> = {
  logIn: {
    request: () => ({ method: 'POST', url: apiPaths.login, payload: { username: 'nobody', password: 'wrong' } }),
    owner: 401,
    staff: 401,
  },
  logOut: { request: () => ({ method: 'POST', url: apiPaths.logout }), owner: 204, staff: 204, endsSession: true },
  checkHealth: { request: () => ({ method: 'GET', url: '/healthz' }), owner: 200, staff: 200 },
  getMe: { request: () => ({ method: 'GET', url: apiPaths.me }), owner: 200, staff: 200 },
  listClients: { request: () => ({ method: 'GET', url: apiPaths.clients }), owner: 200, staff: 200 },
  registerClient: { request: () => ({ method: 'POST', url: apiPaths.clients, payload: aClient }), owner: 201, staff: 201 },
  getClient: { request: (id) => ({ method: 'GET', url: apiPaths.client(id) }), owner: 200, staff: 200 },
  updateClient: { request: (id) => ({ method: 'PUT', url: apiPaths.client(id), payload: edited }), owner: 200, staff: 200 },
  deleteClient: { request: (id) => ({ method: 'DELETE', url: apiPaths.client(id) }), owner: 204, staff: 204 },
  getClientHistory: { request: (id) => ({ method: 'GET', url: apiPaths.clientHistory(id) }), owner: 200, staff: 200 },
  restoreClient: { request: (id) => ({ method: 'POST', url: apiPaths.restoreClient(id) }), owner: 200, staff: 200 },
  listDeletedClients: { request: () => ({ method: 'GET', url: apiPaths.deletedClients }), owner: 200, staff: 200 },
  getOpenApiDocument: { request: () => ({ method: 'GET', url: '/api/openapi.json' }), owner: 200, staff: 200 },
  exportClient: {
    request: (id) => ({ method: 'GET', url: apiPaths.clientExport(id) }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.exportClient,
  },
  eraseClient: {
    request: (id) => ({ method: 'POST', url: apiPaths.eraseClient(id) }),
    owner: 204,
    staff: 403,
    refusal: ownerOnly.eraseClient,
  },
  exportClients: {
    request: () => ({ method: 'GET', url: apiPaths.clientsExport }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.exportClients,
  },
  // Importing clients (issue 29): an owner's. No import of that id: 404 for an owner, 403 before that for staff.
  importClients: {
    request: () => ({ method: 'POST', url: apiPaths.imports, payload: { fileName: 'clients.csv', existing: 'skip', rows: [aClient] } }),
    owner: 201,
    staff: 403,
    refusal: ownerOnly.importClients,
  },
  listImports: { request: () => ({ method: 'GET', url: apiPaths.imports }), owner: 200, staff: 403, refusal: ownerOnly.importClients },
  getImport: { request: () => ({ method: 'GET', url: apiPaths.import('none') }), owner: 404, staff: 403, refusal: ownerOnly.importClients },
  undoImport: {
    request: () => ({ method: 'POST', url: apiPaths.undoImport('none') }),
    owner: 404,
    staff: 403,
    refusal: ownerOnly.importClients,
  },
  // Duplicates and merges (issue 29): every account's, like an edit. The client is no duplicate: 404 for a merge
  // of it with nobody; no merge of that id: 404 for its undo.
  listDuplicates: { request: () => ({ method: 'GET', url: apiPaths.duplicates }), owner: 200, staff: 200 },
  mergeClients: {
    request: (id) => ({
      method: 'POST',
      url: apiPaths.merges,
      payload: {
        keepId: id,
        otherId: 'nobody',
        keepVersion: 1,
        otherVersion: 1,
        fields: { firstName: 'kept', lastName: 'kept', email: 'kept', registrationDateTime: 'kept' },
      },
    }),
    owner: 404,
    staff: 404,
  },
  listMerges: { request: (id) => ({ method: 'GET', url: apiPaths.mergesOf(id) }), owner: 200, staff: 200 },
  undoMerge: { request: () => ({ method: 'POST', url: apiPaths.undoMerge('none') }), owner: 404, staff: 404 },
  // The staff page: an owner's.
  listStaff: { request: () => ({ method: 'GET', url: apiPaths.staff }), owner: 200, staff: 403, refusal: ownerOnly.manageStaff },
  addStaffMember: {
    request: () => ({ method: 'POST', url: apiPaths.staff, payload: { username: 'newcomer', role: 'staff' } }),
    owner: 201,
    staff: 403,
    refusal: ownerOnly.manageStaff,
  },
  changeStaffMember: {
    request: () => ({ method: 'PATCH', url: apiPaths.staffMember('colleague'), payload: { role: 'owner' } }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.manageStaff,
  },
  resetStaffPassword: {
    request: () => ({ method: 'POST', url: apiPaths.staffPasswordReset('colleague') }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.manageStaff,
  },
  signOutStaffMember: {
    request: () => ({ method: 'POST', url: apiPaths.staffSignOut('colleague') }),
    owner: 204,
    staff: 403,
    refusal: ownerOnly.manageStaff,
  },
  // A sign-in link is public (whoever opens it has no session yet): an unknown one is 410 for anyone.
  getWelcomeLink: { request: () => ({ method: 'GET', url: apiPaths.welcomeLink('AAAAAAAAAAAAAAAAAAAAAA') }), owner: 410, staff: 410 },
  useWelcomeLink: {
    request: () => ({
      method: 'POST',
      url: apiPaths.welcomeLink('AAAAAAAAAAAAAAAAAAAAAA'),
      payload: { password: 'a long new passphrase' },
    }),
    owner: 410,
    staff: 410,
  },
  // My account: every account's own.
  changeMyPassword: {
    request: () => ({
      method: 'PUT',
      url: apiPaths.accountPassword,
      payload: { currentPassword: 'not it', newPassword: 'a long new passphrase' },
    }),
    owner: 400,
    staff: 400,
  },
  listMySessions: { request: () => ({ method: 'GET', url: apiPaths.accountSessions }), owner: 200, staff: 200 },
  endMySession: { request: () => ({ method: 'DELETE', url: apiPaths.accountSession('not-a-session') }), owner: 404, staff: 404 },
  endMyOtherSessions: { request: () => ({ method: 'DELETE', url: apiPaths.accountSessions }), owner: 204, staff: 204 },
  // Passkeys (issue 30): every account's own; signing in with one needs no session.
  listMyPasskeys: { request: () => ({ method: 'GET', url: apiPaths.accountPasskeys }), owner: 200, staff: 200 },
  getPasskeyRegistrationOptions: { request: () => ({ method: 'POST', url: apiPaths.accountPasskeyOptions }), owner: 200, staff: 200 },
  addMyPasskey: {
    request: () => ({
      method: 'POST',
      url: apiPaths.accountPasskeys,
      payload: { name: 'Front desk PC', response: UNVERIFIED_REGISTRATION },
    }),
    owner: 400,
    staff: 400,
  },
  removeMyPasskey: { request: () => ({ method: 'DELETE', url: apiPaths.accountPasskey('not-a-passkey') }), owner: 404, staff: 404 },
  setMyPasskeySetting: {
    request: () => ({ method: 'PUT', url: apiPaths.accountPasskeySetting, payload: { askAfterPassword: false } }),
    owner: 204,
    staff: 204,
  },
  getPasskeySignInOptions: { request: () => ({ method: 'POST', url: apiPaths.passkeyLoginOptions }), owner: 200, staff: 200 },
  logInWithPasskey: {
    request: () => ({ method: 'POST', url: apiPaths.passkeyLogin, payload: UNVERIFIED_ASSERTION }),
    owner: 401,
    staff: 401,
  },
  cancelPasskeyStep: {
    request: () => ({ method: 'POST', url: apiPaths.passkeyLoginCancel, payload: { challenge: 'AAAA' } }),
    owner: 204,
    staff: 204,
  },
  // The book (issue 40): its settings and schedules are everyone's to read, a member's own hours theirs to set; the
  // services and a colleague's hours are an owner's. No service or time off of that id: 404 for whom it is allowed.
  getSalon: { request: () => ({ method: 'GET', url: apiPaths.salon }), owner: 200, staff: 200 },
  listServices: { request: () => ({ method: 'GET', url: apiPaths.services }), owner: 200, staff: 200 },
  addService: {
    request: () => ({ method: 'POST', url: apiPaths.services, payload: { name: 'Haircut', durationMinutes: 60, price: 4500 } }),
    owner: 201,
    staff: 403,
    refusal: ownerOnly.manageServices,
  },
  changeService: {
    request: () => ({ method: 'PUT', url: apiPaths.service('none'), payload: { name: 'Haircut', durationMinutes: 60, price: null } }),
    owner: 404,
    staff: 403,
    refusal: ownerOnly.manageServices,
  },
  removeService: {
    request: () => ({ method: 'DELETE', url: apiPaths.service('none') }),
    owner: 404,
    staff: 403,
    refusal: ownerOnly.manageServices,
  },
  listSchedules: { request: () => ({ method: 'GET', url: apiPaths.schedules }), owner: 200, staff: 200 },
  getOwnHours: { request: () => ({ method: 'GET', url: apiPaths.accountHours }), owner: 200, staff: 200 },
  setOwnHours: { request: () => ({ method: 'PUT', url: apiPaths.accountHours, payload: NO_HOURS }), owner: 200, staff: 200 },
  addOwnTimeOff: { request: () => ({ method: 'POST', url: apiPaths.accountTimeOff, payload: TIME_OFF }), owner: 201, staff: 201 },
  removeOwnTimeOff: { request: () => ({ method: 'DELETE', url: apiPaths.accountTimeOffEntry('none') }), owner: 404, staff: 404 },
  getMemberHours: {
    request: () => ({ method: 'GET', url: apiPaths.staffHours('colleague') }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.manageHours,
  },
  setMemberHours: {
    request: () => ({ method: 'PUT', url: apiPaths.staffHours('colleague'), payload: NO_HOURS }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.manageHours,
  },
  addMemberTimeOff: {
    request: () => ({ method: 'POST', url: apiPaths.staffTimeOff('colleague'), payload: TIME_OFF }),
    owner: 201,
    staff: 403,
    refusal: ownerOnly.manageHours,
  },
  removeMemberTimeOff: {
    request: () => ({ method: 'DELETE', url: apiPaths.staffTimeOffEntry('colleague', 'none') }),
    owner: 404,
    staff: 403,
    refusal: ownerOnly.manageHours,
  },
  listAuditEntries: {
    request: () => ({ method: 'GET', url: apiPaths.audit }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.readAudit,
  },
  exportAuditEntries: {
    request: () => ({ method: 'GET', url: apiPaths.auditExport }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.readAudit,
  },
  getOutboxState: {
    request: () => ({ method: 'GET', url: apiPaths.outbox }),
    owner: 200,
    staff: 403,
    refusal: ownerOnly.readOutbox,
  },
  // The book (issue 40): owners and staff alike book, move and cancel.
  listAppointments: {
    request: () => ({ method: 'GET', url: `${apiPaths.appointments}?from=2026-12-01&to=2026-12-07` }),
    owner: 200,
    staff: 200,
  },
  getAvailability: {
    request: () => ({ method: 'GET', url: `${apiPaths.availability}?service=none&staff=nina&date=2026-12-01` }),
    owner: 400,
    staff: 400,
  },
  bookAppointment: {
    request: (id) => ({
      method: 'POST',
      url: apiPaths.appointments,
      payload: { clientId: id, serviceId: 'none', staff: 'nina', start: '2026-12-01T10:00:00+00:00' },
    }),
    owner: 400,
    staff: 400,
  },
  getAppointment: { request: () => ({ method: 'GET', url: apiPaths.appointment('none') }), owner: 404, staff: 404 },
  moveAppointment: {
    request: () => ({ method: 'PUT', url: apiPaths.appointment('none'), payload: { staff: 'nina', start: '2026-12-01T10:00:00+00:00' } }),
    owner: 404,
    staff: 404,
  },
  cancelAppointment: { request: () => ({ method: 'DELETE', url: apiPaths.appointment('none') }), owner: 404, staff: 404 },
  restoreAppointment: { request: () => ({ method: 'POST', url: apiPaths.restoreAppointment('none') }), owner: 404, staff: 404 },
  getAppointmentHistory: { request: () => ({ method: 'GET', url: apiPaths.appointmentHistory('none') }), owner: 404, staff: 404 },
  listClientAppointments: { request: (id) => ({ method: 'GET', url: apiPaths.clientAppointments(id) }), owner: 200, staff: 200 },
  // Online booking (issue 41): the landing page's, anyone's (no service offered: 404); a client's details, staff's.
  getBookingOffer: { request: () => ({ method: 'GET', url: apiPaths.booking }), owner: 200, staff: 200 },
  getBookingDays: { request: () => ({ method: 'GET', url: `${apiPaths.bookingDays}?service=none` }), owner: 404, staff: 404 },
  getBookingTimes: {
    request: () => ({ method: 'GET', url: `${apiPaths.bookingTimes}?service=none&date=2026-12-01` }),
    owner: 404,
    staff: 404,
  },
  holdBookingTime: {
    request: () => ({
      method: 'POST',
      url: apiPaths.bookingHolds,
      payload: { serviceId: 'none', staff: null, start: '2026-12-01T10:00:00+00:00' },
    }),
    owner: 404,
    staff: 404,
  },
  releaseBookingHold: { request: () => ({ method: 'DELETE', url: apiPaths.bookingHold('none') }), owner: 204, staff: 204 },
  bookOnline: {
    request: () => ({
      method: 'POST',
      url: apiPaths.bookingAppointments,
      payload: { holdToken: 'none', firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', offers: false, website: '' },
    }),
    owner: 409,
    staff: 409,
  },
  getBookingCancellation: { request: () => ({ method: 'GET', url: apiPaths.bookingCancellation('none') }), owner: 404, staff: 404 },
  cancelBookingOnline: { request: () => ({ method: 'POST', url: apiPaths.bookingCancellation('none') }), owner: 404, staff: 404 },
  getClientDetails: { request: (id) => ({ method: 'GET', url: apiPaths.clientDetails(id) }), owner: 200, staff: 200 },
};

/** An event stream never ends by itself: it is checked apart, by its headers. */
const STREAM = 'streamClientEvents';

/** An owner and a staff member signed in, and a colleague for the staff page's rows to act on. */
async function ownerAndStaff() {
  const owner = await loggedIn();
  const staff = await asStaffMember(owner);
  await owner.app.staffAccounts.add('colleague', 'a colleague’s long password', 'staff');
  return { owner, staff };
}

/**
 * One app for the file's rows: building two per row was most of this file's time. A row's writes stay its own (a
 * client for each, a colleague who may become an owner, a newcomer added once); only a log-out needs its own.
 */
const shared = forTheFile(ownerAndStaff);

async function answer(test: LoggedInApp, row: Row, clientId: string) {
  const { method, url, payload } = row.request(clientId);
  return asStaff(test, method, url, payload === undefined ? {} : { payload });
}

describe('every route × role', () => {
  it('names every operation of the OpenAPI document', async () => {
    const document = (await asStaff(shared().owner, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
    expect(operations.filter((operation) => operation !== STREAM).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.entries(ROUTES))('%s', async (_operation, row) => {
    const { owner, staff } = row.endsSession ? await ownerAndStaff() : shared();
    // A client for each role to act on; for a refusal, the same one: refused means not done, the owner still finds it.
    const registered = async (email: string) => {
      const client = await createClient(owner, { ...aClient, email });
      if (row.request(client._id).url === apiPaths.restoreClient(client._id)) await asStaff(owner, 'DELETE', apiPaths.client(client._id));
      return client._id;
    };
    const staffClient = await registered('for.staff@example.com');
    const ownerClient = row.refusal ? staffClient : await registered('for.owner@example.com');

    const staffAnswer = await answer(staff, row, staffClient);
    expect(staffAnswer.statusCode).toBe(row.staff);
    if (row.refusal) expect(staffAnswer.json()).toEqual({ message: row.refusal });
    expect((await answer(owner, row, ownerClient)).statusCode).toBe(row.owner);
  });

  it('opens the event stream for both roles', async () => {
    const { owner, staff } = shared();
    for (const test of [owner, staff]) {
      // HEAD: the stream's headers, without a stream that never ends.
      const response = await asStaff(test, 'HEAD', apiPaths.events, { headers: { accept: 'text/event-stream' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    }
  });
});

describe('GET /api/me', () => {
  it('says who the session is and its role', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    expect((await asStaff(owner, 'GET', apiPaths.me)).json()).toEqual({ username: 'nina', role: 'owner' });
    const me = await asStaff(staff, 'GET', apiPaths.me);
    expect(me.json()).toEqual({ username: 'sam', role: 'staff' });
    expect(me.headers['cache-control']).toBe('no-store');
  });
});
