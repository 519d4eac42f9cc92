/**
 * Sessions, one reading for the server and the mock: signing in (a password, a sign-in link, a passkey) and what it
 * answers, and "Your sessions" on My account, each session's browser and system named from its User-Agent (bowser,
 * MIT): "Chrome 142", "Android 14". Windows and macOS versions are left out, as browsers no longer tell them truly
 * (Windows 11 says "NT 10.0", every macOS "10.15"). Where a session lives is each side's: the server's table and
 * cookie, the mock's one session. Server and mock only (a lint zone).
 */
import Bowser from 'bowser';
import { INVALID_CREDENTIALS, NO_STORE, refusal, SESSION_CHALLENGE, sessionCookie, type Answered, type AuditRecord } from './http.ts';
import { passkeyMessages, type PasskeyOptions } from './passkeys.ts';
import { SESSION_EXPIRES_HEADER, sessionExpiresHeader } from './session-expires.ts';
import { NO_SUCH_SESSION, normalizeUsername, type AccountSession, type Me } from './team.ts';

const VERSIONED_SYSTEMS = new Set(['Android', 'iOS']);

const major = (version: string | undefined) => version?.split('.')[0] ?? '';
const joined = (...parts: string[]) => parts.filter(Boolean).join(' ') || null;

export function describeUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const system = parser.getOS();
  return {
    browser: browser.name ? joined(browser.name, major(browser.version)) : null,
    system: system.name ? joined(system.name, VERSIONED_SYSTEMS.has(system.name) ? major(system.version) : '') : null,
  };
}

/** A row of "Your sessions": a session as a store keeps it, its User-Agent named. */
export function accountSessionOf({
  userAgent,
  ...session
}: Omit<AccountSession, 'browser' | 'system'> & { userAgent: string | null }): AccountSession {
  return { ...session, ...describeUserAgent(userAgent) };
}

/** A GET of the session's own account (its role, sessions, passkeys): never cached, as each changes while the page is open. */
export const own = <B>(body: B): Answered<B> => ({ status: 200, body, headers: NO_STORE });

/** DELETE /api/account/sessions[/:id]: sessions the account ended itself, the trail says how many. */
export const ownSessionsEnded = (username: string, ended: number): Answered => ({
  status: 204,
  body: undefined,
  audit: [{ kind: 'sessions-ended', actor: username, subject: username, detail: String(ended) }],
});

/** DELETE /api/account/sessions/:id: the session ended, or 404 when the account has none by that id. */
export const sessionEnded = (username: string, found: boolean): Answered =>
  found ? ownSessionsEnded(username, 1) : refusal(404, NO_SUCH_SESSION);

/** Where a session begun is kept, as its cookie says: its token, over HTTPS or not, and the latest it ends (ms). */
export type StartedSession = { token: string; secure: boolean; endsAt: number };

/**
 * A session began (POST /login, a sign-in link, a passkey): the account as GET /api/me answers it, its cookie, and
 * Session-Expires (the SPA keeps its offline copy no longer). `how` says how in the trail (a passkey's name).
 */
export function sessionStarted({ username, role }: Me, { token, secure, endsAt }: StartedSession, how: string | null = null): Answered<Me> {
  const headers = { 'Set-Cookie': sessionCookie(token, secure), [SESSION_EXPIRES_HEADER]: sessionExpiresHeader(endsAt) };
  return { status: 200, body: { username, role }, headers, audit: [{ kind: 'sign-in', actor: username, detail: how }] };
}

/** Every 401 of a sign-in names the form's challenge, never Basic (SPEC.md section 7: any status but 200 fails). */
const CHALLENGED = { 'WWW-Authenticate': SESSION_CHALLENGE };

/** Every failed sign-in answers as a wrong password does (a password, a passkey); the trail's entry says why. */
export const signInFailed = (entry: AuditRecord): Answered => ({ ...refusal(401, INVALID_CREDENTIALS, CHALLENGED), audit: [entry] });

/** What a side logs of a sign-in (the server's request log; the mock logs nothing). */
export type SignInLog = (fields: Record<string, unknown>, message: string) => void;

/** How a side signs an account in: the options of the passkey it asks for after the password, and its session. */
export type PasswordSignInSteps<Account> = {
  secondStepOptions(account: Account): Promise<PasskeyOptions | undefined>;
  start(account: Account): Promise<Answered>;
  log?: SignInLog;
};

/**
 * POST /login once the password was checked: `account` none when it signs nobody in. An account that asks for its
 * passkey after the password gets a 401 with the options for that step (issue 30), never a session.
 */
export async function passwordSignIn<Account>(
  username: string,
  account: Account | null | undefined,
  { secondStepOptions, start, log = () => {} }: PasswordSignInSteps<Account>,
): Promise<Answered> {
  const actor = normalizeUsername(username);
  if (!account) {
    log({ username: actor }, 'Login failed');
    return signInFailed({ kind: 'sign-in-failed', actor });
  }
  const passkeyOptions = await secondStepOptions(account);
  if (!passkeyOptions) return start(account);
  log({ username: actor }, 'Password right, passkey asked for');
  return { status: 401, body: { message: passkeyMessages.confirm, passkeyOptions }, headers: CHALLENGED };
}
