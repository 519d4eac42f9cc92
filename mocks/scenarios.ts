// Steering the mock backend at runtime: slow, failing, offline, session ended (docs/testing-the-cache.md), in the
// browser and in the tests alike. `scenarioHandler` runs before every other handler.
import { delay, http, HttpResponse } from 'msw';
import { access, SESSION_REQUIRED_MESSAGE, type Operation } from '#contract/access';
import { INTERNAL_ERROR_MESSAGE, INVALID_CREDENTIALS } from '#contract/http';
import { clientNotFoundMessage } from '#contract/if-match';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { operationsAt, partsOf } from './handlers/respond.ts';

/** The operations of the contract (contract/access.ts) under `prefix`. */
const operationsUnder = (prefix: string) =>
  (Object.keys(access) as Operation[]).filter((operation) => partsOf(operation)[1].startsWith(prefix));

/** The calls the SPA makes that a rule can name: the contract's operations each stands for. */
const ENDPOINTS = {
  login: ['POST /login'],
  logout: ['POST /logout'],
  list: ['GET /api/clients'],
  get: ['GET /api/clients/:clientId'],
  create: ['POST /api/clients'],
  update: ['PUT /api/clients/:clientId'],
  delete: ['DELETE /api/clients/:clientId'],
  'deleted-list': ['GET /api/deleted-clients'],
  history: ['GET /api/clients/:clientId/history'],
  export: ['GET /api/clients/:clientId/export'],
  restore: ['POST /api/clients/:clientId/restore'],
  erase: ['POST /api/clients/:clientId/erase'],
  events: ['GET /api/events'],
  audit: ['GET /api/audit'],
  'audit-export': ['GET /api/audit-export'],
  /** "Export CSV"'s whole list (owner only, issue 28). */
  'clients-export': ['GET /api/clients-export'],
  /** Who is logged in, and their role. */
  me: ['GET /api/me'],
  /** The staff page's calls, each of them (issue 28). */
  staff: operationsUnder('/api/staff'),
  /** My account's: the password, the sessions. */
  account: operationsUnder('/api/account/'),
  /** A one-time sign-in link: opened, or its password set. */
  'welcome-link': operationsUnder('/welcome-links/'),
  /** The book (issue 40): the salon's settings, the services, everyone's hours. */
  salon: ['GET /api/salon'],
  services: operationsUnder('/api/services'),
  schedules: ['GET /api/schedules'],
  /** The calendar's day, and a client's appointments. */
  calendar: ['GET /api/appointments', 'GET /api/clients/:clientId/appointments'],
  /** An appointment's page and its history. */
  appointment: ['GET /api/appointments/:appointmentId', 'GET /api/appointments/:appointmentId/history'],
  /** The free start times of the booking form and of Move. */
  availability: ['GET /api/availability'],
  /** Booking, moving, cancelling and its Undo. */
  booking: [
    'POST /api/appointments',
    'PUT /api/appointments/:appointmentId',
    'DELETE /api/appointments/:appointmentId',
    'POST /api/appointments/:appointmentId/restore',
  ],
  /** The landing page's booking section (issue 41): the offer, the free days and times, holding a time. */
  'online-booking': [
    'GET /api/booking',
    'GET /api/booking/days',
    'GET /api/booking/times',
    'POST /api/booking/holds',
    'DELETE /api/booking/holds/:holdToken',
  ],
  /** Its "Book". */
  'book-online': ['POST /api/booking/appointments'],
  /** The email's cancel link: the appointment it names, and "Cancel appointment". */
  'online-cancel': operationsUnder('/api/booking/cancellations/'),
  /** A client's phone and offers consent, and the emails waiting (the staff side of issue 41). */
  'client-details': ['GET /api/clients/:clientId/details'],
  outbox: ['GET /api/outbox'],
} satisfies Record<string, readonly Operation[]>;
export type Endpoint = keyof typeof ENDPOINTS;

type Failure = 400 | 401 | 404 | 409 | 500 | 503 | 'network';

type FailRule = { kind: 'fail'; endpoint?: Endpoint; failure: Failure; times?: number };
export type Rule = { kind: 'delay'; ms: number | 'never'; endpoint?: Endpoint } | FailRule | { kind: 'session-ended' };

/** A preset's rule: a failure of the next call only (`times: 1`) turns its preset off once it has answered. */
type PresetRule = Exclude<Rule, FailRule> | (Omit<FailRule, 'times'> & { times?: 1 });

/** Presets named after the error catalogue, usable as they are and together. */
export const PRESETS = {
  'login-fails': [{ kind: 'fail', endpoint: 'login', failure: 401 }],
  'list-fails': [{ kind: 'fail', endpoint: 'list', failure: 500 }],
  'client-fails': [{ kind: 'fail', endpoint: 'get', failure: 500 }],
  'register-fails': [{ kind: 'fail', endpoint: 'create', failure: 500 }],
  'update-fails': [{ kind: 'fail', endpoint: 'update', failure: 500 }],
  'delete-fails': [{ kind: 'fail', endpoint: 'delete', failure: 500 }],
  'deleted-list-fails': [{ kind: 'fail', endpoint: 'deleted-list', failure: 500 }],
  'history-fails': [{ kind: 'fail', endpoint: 'history', failure: 500 }],
  'export-fails': [{ kind: 'fail', endpoint: 'export', failure: 500 }],
  'restore-fails': [{ kind: 'fail', endpoint: 'restore', failure: 500 }],
  'erase-fails': [{ kind: 'fail', endpoint: 'erase', failure: 500 }],
  'clients-export-fails': [{ kind: 'fail', endpoint: 'clients-export', failure: 500 }],
  'calendar-fails': [{ kind: 'fail', endpoint: 'calendar', failure: 500 }],
  'booking-fails': [{ kind: 'fail', endpoint: 'booking', failure: 500 }],
  // The landing page's next "Book" meets a time taken meanwhile (409), once: the visitor's next try goes through.
  'booking-taken': [{ kind: 'fail', endpoint: 'book-online', failure: 409, times: 1 }],
  'session-ended': [{ kind: 'session-ended' }],
  // The live updates' stream cannot connect (the rest works): "Reconnecting…", then the catch-up once it is off.
  'events-down': [{ kind: 'fail', endpoint: 'events', failure: 'network' }],
  slow: [{ kind: 'delay', ms: 1500 }],
  offline: [{ kind: 'fail', failure: 'network' }],
  'server-error': [{ kind: 'fail', failure: 500 }],
} as const satisfies Record<string, readonly PresetRule[]>;
export type Preset = keyof typeof PRESETS;

const isPreset = (name: string): name is Preset => Object.hasOwn(PRESETS, name);

type State = { presets: Preset[]; rules: Rule[] };

let state: State = { presets: [], rules: [] };
const listeners = new Set<() => void>();

/** The browser keeps the scenario per tab across reloads; Node keeps it in memory. */
const STORAGE_KEY = 'salon-mock-scenario';
const storage = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

function changed(next: State) {
  state = next;
  const stored = storage();
  if (stored) {
    if (isOff()) stored.removeItem(STORAGE_KEY);
    else stored.setItem(STORAGE_KEY, JSON.stringify(state));
  }
  for (const listener of listeners) listener();
}

const isOff = () => state.presets.length === 0 && state.rules.length === 0;

/** Turns presets on (beside what is on already). An unknown name throws, listing the known ones. */
export function startScenario(...names: string[]): void {
  const unknown = names.filter((name) => !isPreset(name));
  if (unknown.length > 0) throw new Error(`Unknown mock scenario ${unknown.join(', ')}: use ${Object.keys(PRESETS).join(', ')}`);
  changed({ ...state, presets: [...new Set([...state.presets, ...(names as Preset[])])] });
}

/** Turns one preset off, leaving the rest. */
export function stopScenario(name: Preset): void {
  changed({ ...state, presets: state.presets.filter((preset) => preset !== name) });
}

/** Whether a preset is on. */
export const isOn = (name: Preset) => state.presets.includes(name);

/** Adds a rule of one's own: a delay or a failure for one endpoint, optionally for the next N calls only. */
export function addRule(rule: Rule): void {
  changed({ ...state, rules: [...state.rules, rule] });
}

/** Every call gets its response after `ms` (or never); 0 removes the delay. */
export function setDelay(ms: number | 'never'): void {
  const rules = state.rules.filter((rule) => !(rule.kind === 'delay' && rule.endpoint === undefined));
  changed({ ...state, rules: ms === 0 ? rules : [...rules, { kind: 'delay', ms }] });
}

export function scenarioOff(): void {
  changed({ presets: [], rules: [] });
}

/** What is on, in words: for the badge and the console. */
export function describeScenario(): string[] {
  return [...state.presets, ...state.rules.map(describeRule)];
}

function describeRule(rule: Rule): string {
  if (rule.kind === 'session-ended') return 'session-ended';
  const where = rule.endpoint ?? 'every call';
  if (rule.kind === 'delay') return `${where} ${rule.ms === 'never' ? 'never responds' : `after ${rule.ms} ms`}`;
  return `${where} fails (${rule.failure})${rule.times === undefined ? '' : `, next ${rule.times}`}`;
}

export function onScenarioChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the scenario this tab had (after a reload). */
export function restoreScenario(): void {
  try {
    const stored = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as State | null;
    if (stored && Array.isArray(stored.presets) && Array.isArray(stored.rules)) {
      state = { presets: stored.presets.filter(isPreset), rules: stored.rules };
    }
  } catch {
    // Not ours, or damaged: start with none.
  }
}

/** Which of the contract's calls a request is, if any. */
export function endpointOf(method: string, pathname: string): Endpoint | undefined {
  const operation = operationsAt(new URL(pathname, 'http://mock')).find((at) => at.startsWith(`${method} `));
  const named: Record<Endpoint, readonly Operation[]> = ENDPOINTS;
  return operation && (Object.keys(named) as Endpoint[]).find((name) => named[name].includes(operation));
}

const MESSAGES: Record<Exclude<Failure, 'network'>, string> = {
  400: 'Request refused by the mock scenario',
  401: SESSION_REQUIRED_MESSAGE,
  404: clientNotFoundMessage,
  409: onlineBookingTexts.taken,
  500: INTERNAL_ERROR_MESSAGE,
  503: 'Service unavailable',
};

const applies = (rule: Rule, endpoint: Endpoint) =>
  rule.kind === 'session-ended' || rule.endpoint === undefined || rule.endpoint === endpoint;

const counts = (rule: Rule, endpoint: Endpoint) => rule.kind === 'fail' && rule.times !== undefined && applies(rule, endpoint);
const presetRules = (preset: Preset): readonly Rule[] => PRESETS[preset];

/**
 * The rules in force for one call, the presets' first; a "next N calls" rule counts this call, and a preset of the next
 * call only is turned off.
 */
function rulesFor(endpoint: Endpoint): Rule[] {
  const rules = [...state.presets.flatMap(presetRules), ...state.rules].filter((rule) => applies(rule, endpoint));
  const spent = state.presets.filter((preset) => presetRules(preset).some((rule) => counts(rule, endpoint)));
  const counted = state.rules.filter((rule) => counts(rule, endpoint));
  if (spent.length > 0 || counted.length > 0) {
    changed({
      presets: state.presets.filter((preset) => !spent.includes(preset)),
      rules: state.rules.flatMap((rule) => {
        if (!counted.includes(rule) || rule.kind !== 'fail' || rule.times === undefined) return [rule];
        return rule.times > 1 ? [{ ...rule, times: rule.times - 1 }] : [];
      }),
    });
  }
  return rules;
}

/** Runs before every other handler: responds for the scenario, or returns nothing to let the request through. */
export const scenarioHandler = http.all('*', async ({ request }) => {
  if (isOff()) return undefined;
  const endpoint = endpointOf(request.method, new URL(request.url).pathname);
  if (!endpoint) return undefined;
  const rules = rulesFor(endpoint);
  for (const rule of rules) {
    if (rule.kind === 'delay') await delay(rule.ms === 'never' ? 'infinite' : rule.ms);
  }
  for (const rule of rules) {
    if (rule.kind === 'session-ended' && endpoint !== 'login') return HttpResponse.json({ message: MESSAGES[401] }, { status: 401 });
    if (rule.kind === 'fail') {
      if (rule.failure === 'network') return HttpResponse.error();
      return HttpResponse.json(
        { message: rule.endpoint === 'login' && rule.failure === 401 ? INVALID_CREDENTIALS : MESSAGES[rule.failure] },
        { status: rule.failure },
      );
    }
  }
  return undefined;
});
