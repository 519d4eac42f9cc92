/**
 * Passkeys (issue 30) in both projects, with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain):
 * add one on My account, sign out, sign in with it from the button and from the Username field's autofill, remove it;
 * the second step after the password, and a failed one. Chromium refuses WebAuthn on an IP address, so these pages
 * open the app at http://localhost:PORT (the same server). In the virtual environment a conditional (autofill) request
 * completes at once when a passkey exists and the authenticator is present: the button's test turns presence off
 * while /login opens, so that the button, not the autofill, signs in. My account with two passkeys (and, on the real
 * server, three sessions) fits a phone (issue 38).
 */
import type { APIRequest, CDPSession, Page } from '@playwright/test';
import { expect, test as base } from '../fixtures.ts';
import type { Account } from '../support/accounts.ts';
import { addStaffAccount } from '../support/colleague.ts';
import { expectAlert, loginFlag, mainNav, uniqueUsername } from '../support/app.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectSoundLayoutOnPhone, PHONE } from '../support/layout.ts';

const INVALID = 'Invalid username or password';

/** The test's page's virtual authenticator: internal (a platform one), discoverable credentials, user verification. */
class VirtualAuthenticator {
  private constructor(
    private readonly cdp: CDPSession,
    private id: string,
  ) {}

  static async attach(page: Page): Promise<VirtualAuthenticator> {
    // Counts the page's WebAuthn requests, so that a test knows when /login's autofill request is waiting.
    await page.addInitScript(() => {
      const credentials = navigator.credentials;
      const get = credentials.get.bind(credentials);
      Object.assign(window, { __webauthnRequests: 0 });
      credentials.get = (options) => {
        (window as unknown as { __webauthnRequests: number }).__webauthnRequests += 1;
        return get(options);
      };
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    return new VirtualAuthenticator(cdp, await VirtualAuthenticator.add(cdp));
  }

  private static async add(cdp: CDPSession): Promise<string> {
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return authenticatorId;
  }

  /** Another device in its place, without its passkeys: one device holds one passkey per account. */
  async replace(): Promise<void> {
    await this.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: this.id });
    this.id = await VirtualAuthenticator.add(this.cdp);
  }

  /** Present: answers every request at once. Absent: requests wait (nobody touches the sensor). */
  async setPresent(present: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: this.id, enabled: present });
  }

  /** A failed fingerprint or PIN: the browser's request ends in NotAllowedError, as a cancelled dialog does. */
  async setUserVerified(verified: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setUserVerified', { authenticatorId: this.id, isUserVerified: verified });
  }

  async credentialCount(): Promise<number> {
    const { credentials } = await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.id });
    return credentials.length;
  }
}

const test = base.extend<{ passkeyAccount: Account; authenticator: VirtualAuthenticator }>({
  // The same server by name: WebAuthn needs a host name, and localhost is one the browser trusts without TLS.
  baseURL: async ({ appServer }, provide) => {
    await provide(appServer.url.replace('//127.0.0.1:', '//localhost:'));
  },
  // The mock's store is the test's own (the page's localStorage); the real project's database is the worker's, so
  // each test there has an account of its own, whose passkeys and second step no other test sees.
  passkeyAccount: async ({ account, appServer }, provide, testInfo) => {
    if (!('databaseFile' in appServer)) return provide(account);
    const own = { username: uniqueUsername(testInfo, 'pk'), password: 'Passkey-Front-Desk-6v!Qm3#Tx' };
    addStaffAccount(appServer.databaseFile, own);
    await provide(own);
  },
  authenticator: async ({ page }, provide) => {
    await provide(await VirtualAuthenticator.attach(page));
  },
});

/**
 * Opens /login with nobody at the sensor until its autofill request waits: then present again, the autofill stays
 * waiting (a request made while absent is not answered later), and the button's or the step's own request is answered.
 */
async function openLoginWithAutofillWaiting(page: Page, authenticator: VirtualAuthenticator): Promise<void> {
  await authenticator.setPresent(false);
  await page.goto('/login');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __webauthnRequests: number }).__webauthnRequests)).toBeGreaterThan(0);
  await authenticator.setPresent(true);
}

async function logInWithPassword(page: Page, account: Account, expected: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  // The real server's password check (scrypt) on a busy machine: as logIn in support/app.ts allows.
  await expectAlert(page, expected, () => page.getByRole('button', { name: 'Log in' }).click(), 15_000);
}

async function signOut(page: Page): Promise<void> {
  await expectAlert(page, 'Sign out successful!', () => mainNav(page).getByRole('button', { name: 'Sign Out' }).click());
  await expect.poll(() => loginFlag(page)).toBeNull();
}

async function addPasskey(page: Page, name: string): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'My account' }).click();
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByLabel('Passkey name').fill(name);
  await passkeys.getByRole('button', { name: 'Create passkey' }).click();
  await expect(passkeys.getByRole('row', { name: new RegExp(name) })).toBeVisible();
}

/** The account's browsers elsewhere, a phone and a tablet, each signed in with the password: two more sessions. */
async function signInOnOtherDevices(request: APIRequest, baseURL: string, account: Account): Promise<void> {
  for (const userAgent of OTHER_DEVICES) {
    const device = await request.newContext({ baseURL, userAgent });
    try {
      const login = await device.post('/login', { data: account });
      expect(login.status(), `POST /login as ${userAgent}`).toBe(200);
    } finally {
      await device.dispose();
    }
  }
}

const OTHER_DEVICES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
];

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  expect(await loginFlag(page)).toBe('true');
}

test('a passkey added on My account signs in from the button and from the autofill, until it is removed', async ({
  page,
  passkeyAccount,
  authenticator,
}) => {
  await logInWithPassword(page, passkeyAccount, 'Login successful!');
  await addPasskey(page, 'Front desk PC');
  expect(await authenticator.credentialCount()).toBe(1);
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('row', { name: /Front desk PC/ })).toContainText('Never');
  await signOut(page);

  // The button: nobody at the sensor while /login opens (its autofill request waits), then the button's own request.
  await openLoginWithAutofillWaiting(page, authenticator);
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
  await expectAlert(page, 'Login successful!', () => page.getByRole('button', { name: 'Sign in with a passkey' }).click());
  await expectSignedIn(page);
  await signOut(page);

  // The autofill: opening /login is enough, the browser offers the saved passkey in the Username field.
  await expectAlert(page, 'Login successful!', () => page.goto('/login'));
  await expectSignedIn(page);

  await mainNav(page).getByRole('link', { name: 'My account' }).click();
  const row = page.getByRole('region', { name: 'Passkeys' }).getByRole('row', { name: /Front desk PC/ });
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
  await signOut(page);

  // The authenticator still holds it, but the account no longer knows it: the autofill offers it (the virtual
  // authenticator answers at once), and the sign-in is refused as any failed login is, once.
  await expectAlert(page, INVALID, () => page.goto('/login'));
  await expect(page).toHaveURL('/login');
  expect(await loginFlag(page)).toBeNull();
});

test('an account that asks for its passkey after the password: "Confirm with your passkey", and a failed step is a failed login', async ({
  page,
  passkeyAccount,
  authenticator,
  backend,
  appServer,
  playwright,
}, testInfo) => {
  await logInWithPassword(page, passkeyAccount, 'Login successful!');
  // The mock has one session, the browser's; the real server has those of the account's other devices too.
  if (backend === 'real') await signInOnOtherDevices(playwright.request, appServer.url, passkeyAccount);
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  const askAfterPassword = passkeys.getByRole('checkbox', { name: 'Ask for my passkey after my password' });
  await mainNav(page).getByRole('link', { name: 'My account' }).click();
  await expect(askAfterPassword).toHaveCount(0);
  await addPasskey(page, 'My phone');
  // A second passkey, made on another device: one device holds one passkey per account.
  await authenticator.replace();
  await addPasskey(page, 'Front desk PC by the window');
  // A click, then the state as the server confirms it (check() reads the state at once, before the PUT).
  await askAfterPassword.click();
  await expect(askAfterPassword).toBeChecked();
  // Its box, not a text field's width, which squeezed its label to a letter a line.
  expect((await askAfterPassword.boundingBox())?.width).toBeLessThan(32);
  // The section with two passkeys, its checkbox and the add form open; on the real server, three sessions.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByLabel('Passkey name')).toBeVisible();
  if (backend === 'real') {
    const sessions = page.getByRole('region', { name: 'Your sessions' });
    await expect(sessions.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(3);
    // axe runs in the real project alone (decision 027): on a desk and on a phone.
    await expectNoAxeViolations(page, testInfo, 'My account with two passkeys');
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page, testInfo, 'My account with two passkeys at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await expectSoundLayoutOnPhone(page, 'account-passkeys');
  await signOut(page);

  // The password alone no longer signs in: the page asks for the passkey. Nobody at the sensor while /login opens, so
  // that its autofill does not sign in first; the step then fails (the fingerprint is not recognised).
  await openLoginWithAutofillWaiting(page, authenticator);
  await authenticator.setUserVerified(false);
  await page.getByLabel('Username').fill(passkeyAccount.username);
  await page.getByLabel('Password').fill(passkeyAccount.password);
  await expectAlert(page, INVALID, () => page.getByRole('button', { name: 'Log in' }).click(), 15_000);
  expect(await loginFlag(page)).toBeNull();
  await expect(page).toHaveURL('/login');

  // The authenticator answers at once, so the page's "Confirm with your passkey" is up only for a moment: recorded as
  // it appears rather than looked for afterwards.
  await authenticator.setUserVerified(true);
  const said = await recordWhenShown(page, 'Confirm with your passkey');
  await page.getByLabel('Password').fill(passkeyAccount.password);
  await expectAlert(page, 'Login successful!', () => page.getByRole('button', { name: 'Log in' }).click(), 15_000);
  await expectSignedIn(page);
  expect(await said()).toBe(true);
});

/** Watches the page (one document: the SPA navigates without loading another) for `text` appearing in it. */
async function recordWhenShown(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const seen = { shown: false };
    Object.assign(window, { __shownText: seen });
    new MutationObserver(() => {
      if (document.body.innerText.includes(wanted)) seen.shown = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { __shownText: { shown: boolean } }).__shownText.shown);
}
