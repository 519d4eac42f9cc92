/**
 * Sign-in with a passkey (issue 30) against sign-in with a password, on one production server, in one run.
 *
 * - A passkey sign-in: POST /login/passkey/options, then POST /login/passkey with a software authenticator's answer
 *   (../harness/software-authenticator.ts); the figure is the two requests' time together, the authenticator's own
 *   signing (the browser's, in life) left out.
 * - A password sign-in: POST /login, whose time is scrypt's (N=2^17, by design): the bound to compare with.
 * - The two in turn, SIGN_INS each, so that a neighbour's load falls on both alike; p50 and p95 of each.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { apiPaths } from '#contract/paths';
import type { Build } from '../harness/build.ts';
import { ADMIN } from '../harness/real-server.ts';
import { SoftwareAuthenticator } from '../harness/software-authenticator.ts';
import { median, percentile, report } from './lib/report.ts';
import { logIn, scratchDirectory, startServer } from './lib/server.ts';

const SIGN_INS = 300;

async function post(origin: string, path: string, body?: unknown, cookie?: string): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what} responded ${response.status}: ${await response.text()}`);
}

/** The admin's passkey, added through My account's calls. */
async function addPasskey(origin: string, authenticator: SoftwareAuthenticator): Promise<void> {
  const cookie = await logIn(origin);
  const options = await post(origin, apiPaths.accountPasskeyOptions, undefined, cookie);
  await expectStatus(options, 200, 'POST /api/account/passkeys/options');
  const response = authenticator.register((await options.json()) as PublicKeyCredentialCreationOptionsJSON);
  await expectStatus(await post(origin, apiPaths.accountPasskeys, { name: 'Bench', response }, cookie), 201, 'POST /api/account/passkeys');
}

/** One passkey sign-in: the server's time for the options and the answer, without the authenticator's signing. */
async function passkeySignIn(origin: string, authenticator: SoftwareAuthenticator): Promise<number> {
  let started = performance.now();
  const options = await post(origin, apiPaths.passkeyLoginOptions);
  await expectStatus(options, 200, 'POST /login/passkey/options');
  const request = (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
  let elapsed = performance.now() - started;
  const answer = authenticator.authenticate(request);
  started = performance.now();
  const signedIn = await post(origin, apiPaths.passkeyLogin, answer);
  await expectStatus(signedIn, 200, 'POST /login/passkey');
  await signedIn.arrayBuffer();
  elapsed += performance.now() - started;
  return elapsed;
}

async function passwordSignIn(origin: string): Promise<number> {
  const started = performance.now();
  await logIn(origin, ADMIN);
  return performance.now() - started;
}

export async function runPasskeyBench(build: Build): Promise<void> {
  console.info(`\nSign-in with a passkey against with a password, ${SIGN_INS} each in turn, SQLite…`);
  const server = await startServer(build, `${scratchDirectory()}/salon.db`);
  const passkey: number[] = [];
  const password: number[] = [];
  try {
    // The page's own origin, as the browser would sign it (the server reads its origin from the request's Host).
    const authenticator = new SoftwareAuthenticator({ origin: server.origin });
    await addPasskey(server.origin, authenticator);
    for (let turn = 0; turn < SIGN_INS; turn += 1) {
      passkey.push(await passkeySignIn(server.origin, authenticator));
      password.push(await passwordSignIn(server.origin));
    }
  } finally {
    await server.stop();
  }
  const [passkeyP95, passwordP95] = [percentile(passkey, 0.95), percentile(password, 0.95)];
  report({
    name: 'Sign-in with a passkey (options + answer), SQLite',
    measured: `p50 ${median(passkey).toFixed(1)} ms, p95 ${passkeyP95.toFixed(1)} ms`,
    goal: 'p95 < 250 ms, and below a password sign-in’s p95',
    pass: passkeyP95 < 250 && passkeyP95 < passwordP95,
    detail: `${SIGN_INS} sign-ins, two requests each, the authenticator's signing left out; ES256 through @simplewebauthn/server`,
  });
  report({
    name: 'Sign-in with a password (POST /login), same run',
    measured: `p50 ${median(password).toFixed(1)} ms, p95 ${passwordP95.toFixed(1)} ms`,
    goal: 'p95 < 1500 ms',
    pass: passwordP95 < 1500,
    detail: `${SIGN_INS} sign-ins in turn with the passkey's; scrypt N=2^17 by design: ${(median(password) / median(passkey)).toFixed(0)} × a passkey's median`,
  });
}
