import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginRequest } from '#contract/api';
import type { LoginSecondStep } from '#contract/passkeys';
import { apiPaths } from '#contract/paths';
import { SESSION_EXPIRES_HEADER } from '#contract/session-expires';
import { apiResponse } from '../../../lib/api-client.ts';
import { ApiError, MalformedResponseError } from '../../../lib/api-errors.ts';
import { loggedIn } from '../../../lib/logged-in.ts';

type LoggedIn = {
  /** The Session-Expires header: when the session ends at the latest; null from a server that does not send it. */
  sessionExpires: string | null;
  /** The body: `{ username, role }` from this project's server (issue 28); the spec's server may send anything. */
  body: unknown;
};

/** POST {host}/login: a 2xx response is success, whatever its body. */
async function login(credentials: LoginRequest): Promise<LoggedIn> {
  const response = await apiResponse(apiPaths.login, { method: 'POST', body: credentials });
  const body: unknown = await response.json().catch(() => undefined);
  return { sessionExpires: response.headers.get(SESSION_EXPIRES_HEADER), body };
}

/**
 * A successful login sets the flag; the form tells the user and moves on. Another account than the one logged in
 * here before sees nothing of its cache, nor of its offline copy, and never sends its changes made offline (they are
 * dropped); the same account again sends those still waiting.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Offline it fails at once (the form says so), rather than waiting unseen for the connection.
    networkMode: 'always',
    meta: {
      // A 401 here is a wrong password, not an expired session.
      handlesUnauthorized: true,
      // Any failure gets the form's alert.
      failureShownToUser: true,
    },
    onSuccess: ({ sessionExpires, body }, { username }) => loggedIn(queryClient, username, sessionExpires, body),
  });
}

/** POST /login's 401 for an account that asks for its passkey after the password: the options of that step. */
export function secondStepOptions(error: unknown): PublicKeyCredentialRequestOptionsJSON | undefined {
  if (!(error instanceof ApiError) || error.status !== 401) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('message' in body) || body.message !== CONFIRM_WITH_PASSKEY) return undefined;
  if (!('passkeyOptions' in body) || typeof body.passkeyOptions !== 'object' || body.passkeyOptions === null) return undefined;
  const options = body.passkeyOptions as Partial<PublicKeyCredentialRequestOptionsJSON>;
  return typeof options.challenge === 'string' ? (options as PublicKeyCredentialRequestOptionsJSON) : undefined;
}

/** The contract's text (type-checked against it), written out: the login page loads no zod (docs/performance.md). */
export const CONFIRM_WITH_PASSKEY: LoginSecondStep['message'] = 'Confirm with your passkey';

/**
 * @simplewebauthn/browser, loaded by the login page as it opens: imported here, its chunk would be one more name in
 * the entry's list of each route's files, which the landing page loads (docs/performance.md's budget). Kept once
 * loaded, so that leaving the page ends its request at once (no ceremony starts before it is loaded).
 */
let loadedWebAuthn: typeof import('@simplewebauthn/browser') | undefined;
const webAuthn = async () => (loadedWebAuthn ??= await import('@simplewebauthn/browser'));

type PasskeySignIn =
  /** "Sign in with a passkey": any passkey the browser has for this site (discoverable). */
  | { kind: 'button' }
  /** The Username field's autofill (conditional mediation): the browser asks only when a saved passkey is chosen. */
  | { kind: 'autofill'; isCancelled: () => boolean }
  /** The step after the password: the options POST /login answered with. */
  | { kind: 'second-step'; options: PublicKeyCredentialRequestOptionsJSON };

type SignedInWithPasskey = LoggedIn & { username: string };

/** The browser's dialog was closed, cancelled, timed out, or another ceremony took its place. */
const isDialogClosed = (error: unknown) =>
  (error instanceof Error || error instanceof DOMException) && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Options for a sign-in with no username. For the autofill, a failure is no one's: it ends as a closed dialog does. */
async function signInOptions(how: PasskeySignIn & { kind: 'button' | 'autofill' }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  try {
    return (await (await apiResponse(apiPaths.passkeyLoginOptions, { method: 'POST' })).json()) as PublicKeyCredentialRequestOptionsJSON;
  } catch (error) {
    // Nobody asked for anything yet (offline, the server busy): the page says nothing, and the form still works.
    if (how.kind === 'autofill') throw new DOMException('The autofill could not start', 'AbortError');
    throw error;
  }
}

async function signInWithPasskey(how: PasskeySignIn): Promise<SignedInWithPasskey> {
  const optionsJSON = how.kind === 'second-step' ? how.options : await signInOptions(how);
  // The contract's AuthenticationResponse, as the browser library types it (the server checks it with the contract).
  let answer: AuthenticationResponseJSON;
  try {
    if (how.kind === 'autofill' && how.isCancelled()) throw new DOMException('The page was left', 'AbortError');
    // Starting a ceremony aborts the one before (@simplewebauthn/browser's WebAuthnAbortService): the button ends
    // the autofill's waiting request.
    const { startAuthentication } = await webAuthn();
    answer = await startAuthentication({ optionsJSON, useBrowserAutofill: how.kind === 'autofill' });
  } catch (error) {
    // The autofill is the browser's offer, not the user's request: whatever ends it (the page on an IP address, where
    // Chromium refuses WebAuthn with a SecurityError; no saved passkey) says nothing. Only an answer sent does.
    if (how.kind === 'autofill') throw new DOMException('The autofill ended', 'AbortError');
    // The server ends the step at once, and records it as failed.
    if (how.kind === 'second-step') {
      await apiResponse(apiPaths.passkeyLoginCancel, { method: 'POST', body: { challenge: optionsJSON.challenge } }).catch(() => undefined);
    }
    throw error;
  }
  const response = await apiResponse(apiPaths.passkeyLogin, { method: 'POST', body: answer });
  const body: unknown = await response.json().catch(() => undefined);
  const username = typeof body === 'object' && body !== null && 'username' in body ? body.username : undefined;
  if (typeof username !== 'string') throw new MalformedResponseError(apiPaths.passkeyLogin, body);
  return { sessionExpires: response.headers.get(SESSION_EXPIRES_HEADER), body, username };
}

/** A sign-in with a passkey (issue 30), by the button or as the step after the password: it ends as a login does. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    networkMode: 'always',
    meta: { handlesUnauthorized: true, failureShownToUser: true },
    onSuccess: ({ sessionExpires, body, username }) => loggedIn(queryClient, username, sessionExpires, body),
  });
}

type AutofillOutcome = { signedIn: true } | { signedIn: false; error: unknown };

/**
 * The Username field's saved passkeys (conditional mediation), where the browser offers them: a request that waits
 * from when the page opens until a passkey is chosen, and ends when the page is left or another ceremony starts.
 * Not a mutation: it may wait as long as the page is open. `restart()` waits again (after the button's attempt).
 */
export function usePasskeyAutofill(onOutcome: (outcome: AutofillOutcome) => void): { restart: () => void } {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const report = useRef(onOutcome);
  useEffect(() => {
    report.current = onOutcome;
  });
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const { browserSupportsWebAuthnAutofill } = await webAuthn();
      if (!(await browserSupportsWebAuthnAutofill()) || cancelled) return;
      try {
        const { sessionExpires, body, username } = await signInWithPasskey({ kind: 'autofill', isCancelled: () => cancelled });
        loggedIn(queryClient, username, sessionExpires, body);
        report.current({ signedIn: true });
      } catch (error) {
        if (!cancelled && !isDialogClosed(error)) report.current({ signedIn: false, error });
      }
    })();
    return () => {
      cancelled = true;
      loadedWebAuthn?.WebAuthnAbortService.cancelCeremony();
    };
  }, [queryClient, round]);
  return { restart: useCallback(() => setRound((before) => before + 1), []) };
}
