/**
 * What every way of signing in shares: the throttle's refusal, and starting the session (its cookie and
 * Session-Expires). POST /login and a sign-in link's POST /welcome-links/:token both end here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionStarted } from '#contract/account-sessions';
import type { Answered } from '#contract/http';
import { LOGINS_BUSY } from '#contract/team';
import type { Admission } from '../auth/login-throttle.ts';
import { readSessionToken } from '../auth/session-cookie.ts';
import type { StaffRow } from '../repositories/staff.ts';

const THROTTLED = 'Too many failed login attempts, try again later';

/** 429 (too many failures) or 503 (too many checks at once), with Retry-After; the trail records the attempt. */
export async function refuseAdmission(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  admission: Extract<Admission, { admitted: false }>,
  actor: string,
) {
  await app.auditTrail.record(request, { kind: 'sign-in-throttled', actor, detail: admission.reason });
  reply.header('retry-after', String(admission.retryAfterSeconds));
  return admission.reason === 'busy' ? reply.code(503).send({ message: LOGINS_BUSY }) : reply.code(429).send({ message: THROTTLED });
}

/**
 * Starts a session for `account` in this browser (ending the one it had, if any); answers the account as GET /api/me
 * does. `detail` says how, in the audit trail (a passkey's name; nothing for a password).
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  account: Pick<StaffRow, 'id' | 'username' | 'role'>,
  detail: string | null = null,
): Promise<Answered> {
  // A new session on every sign-in; the one this browser had before, if any, ends.
  const previous = readSessionToken(request.headers.cookie);
  if (previous) await app.sessions.end(previous);
  const { token, endsAt } = await app.sessions.start(account.id, {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  request.log.info({ username: account.username }, 'Login succeeded');
  return sessionStarted(account, { token, secure: request.protocol === 'https', endsAt }, detail);
}
