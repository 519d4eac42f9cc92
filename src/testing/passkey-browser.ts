/**
 * The browser's passkey dialogs in jsdom (issue 30), which has no WebAuthn: @simplewebauthn/browser's functions
 * answered by a software authenticator at the page's origin, so that the mock checks real signatures. A test file
 * uses it with
 * `vi.mock('@simplewebauthn/browser', async () => (await import('../testing/passkey-browser.ts')).passkeyBrowserModule)`
 * and steers it through `passkeyBrowser`. Browser tests use Chromium's virtual authenticator instead (tests/e2e).
 */
import type * as SimpleWebAuthnBrowser from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiPaths } from '#contract/paths';
import { mockDb } from '#mocks/db.ts';
import { SoftwareAuthenticator } from '#tests/harness/software-authenticator.ts';

type Browser = typeof SimpleWebAuthnBrowser;

function domError(name: 'NotAllowedError' | 'AbortError' | 'SecurityError', message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** The ceremony under way, as @simplewebauthn/browser's WebAuthnAbortService keeps it: a new one aborts it. */
let abortCurrent: (() => void) | undefined;
function begin(): { aborted: Promise<never> } {
  abortCurrent?.();
  let abort!: () => void;
  const aborted = new Promise<never>((_resolve, reject) => {
    abort = () => reject(domError('AbortError', 'Cancelling existing WebAuthn API call for new one'));
  });
  aborted.catch(() => {});
  abortCurrent = abort;
  return { aborted };
}

let pick: (() => void) | undefined;
let closeDialog: ((how: 'answer' | 'cancel') => void) | undefined;

/** The dialog, open until the test closes it when `passkeyBrowser.dialog` is 'wait'. */
async function dialogOutcome(): Promise<'answer' | 'cancel'> {
  if (passkeyBrowser.dialog !== 'wait') return passkeyBrowser.dialog;
  return new Promise((resolve) => (closeDialog = resolve));
}

export const passkeyBrowser = {
  authenticator: new SoftwareAuthenticator({ origin: window.location.origin }),
  /** What the browser's next dialog does: answers with the authenticator, is closed by the user, or waits for `closeDialog`. */
  dialog: 'answer' as 'answer' | 'cancel' | 'wait',
  /** The dialog that waits is answered or cancelled. */
  closeDialog(how: 'answer' | 'cancel') {
    if (!closeDialog) throw new Error('No dialog is open');
    closeDialog(how);
    closeDialog = undefined;
  },
  /** Whether the browser offers saved passkeys in autofill (conditional mediation). */
  autofill: false,
  /** How many autofill requests are waiting (0 or 1). */
  autofillWaiting: 0,
  /** The site opened on an IP address: Chromium refuses every WebAuthn request at once with a SecurityError. */
  onIpAddress: false,
  /** The user picks a saved passkey from the Username field's autofill. */
  pickFromAutofill() {
    if (!pick) throw new Error('No autofill request is waiting');
    pick();
  },
  reset() {
    abortCurrent?.();
    abortCurrent = undefined;
    pick = undefined;
    closeDialog = undefined;
    passkeyBrowser.authenticator = new SoftwareAuthenticator({ origin: window.location.origin });
    passkeyBrowser.dialog = 'answer';
    passkeyBrowser.autofill = false;
    passkeyBrowser.autofillWaiting = 0;
    passkeyBrowser.onIpAddress = false;
  },
};

const closedByUser = () => domError('NotAllowedError', 'The operation either timed out or was not allowed.');

const startRegistration: Browser['startRegistration'] = async ({ optionsJSON }) => {
  begin();
  if ((await dialogOutcome()) === 'cancel') throw closedByUser();
  return passkeyBrowser.authenticator.register(optionsJSON);
};

const startAuthentication: Browser['startAuthentication'] = async ({ optionsJSON, useBrowserAutofill = false }) => {
  const { aborted } = begin();
  if (!useBrowserAutofill) {
    if ((await dialogOutcome()) === 'cancel') throw closedByUser();
    return passkeyBrowser.authenticator.authenticate(optionsJSON);
  }
  if (!passkeyBrowser.autofill) throw new Error('Browser does not support WebAuthn autofill');
  if (passkeyBrowser.onIpAddress) throw domError('SecurityError', 'This is an invalid domain.');
  passkeyBrowser.autofillWaiting = 1;
  const picked = new Promise<void>((resolve) => (pick = resolve));
  try {
    await Promise.race([picked, aborted]);
  } finally {
    passkeyBrowser.autofillWaiting = 0;
    pick = undefined;
  }
  return passkeyBrowser.authenticator.authenticate({ ...optionsJSON, allowCredentials: [] });
};

export const passkeyBrowserModule: Partial<Browser> = {
  startRegistration,
  startAuthentication,
  browserSupportsWebAuthnAutofill: async () => passkeyBrowser.autofill,
  WebAuthnAbortService: {
    createNewAbortSignal: () => new AbortController().signal,
    cancelCeremony: () => {
      abortCurrent?.();
      abortCurrent = undefined;
    },
  } as Browser['WebAuthnAbortService'],
};

/** A passkey of `username`'s account in the mock, made by the test's authenticator (as on My account). */
export async function addPasskeyInMock(username: string, name: string, { askAfterPassword = false } = {}): Promise<void> {
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, window.location.origin), {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    return response;
  };
  mockDb.startSession(username);
  const options = (await (await send('POST', apiPaths.accountPasskeyOptions)).json()) as PublicKeyCredentialCreationOptionsJSON;
  await send('POST', apiPaths.accountPasskeys, { name, response: passkeyBrowser.authenticator.register(options) });
  if (askAfterPassword) await send('PUT', apiPaths.accountPasskeySetting, { askAfterPassword: true });
  mockDb.endSession();
}
