/**
 * Passkeys (issue 30): sign in with one, or ask for one after the password. The WebAuthn JSON shapes are those of
 * @simplewebauthn/browser and /server; this module says what the API carries, for the server and the mock alike
 * (docs/decisions/030-passkeys.md).
 */
import { z } from 'zod';
import { atMostCharacters } from './text.ts';

/** A challenge is good for one ceremony, and for this long. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const passkeyMessages = {
  /** POST /api/account/passkeys refused: the browser's answer did not check out (or its challenge was used or old). */
  notAdded: 'The passkey could not be added. Try again.',
  noSuchPasskey: 'This account has no such passkey.',
  /** PUT /api/account/passkey-setting with askAfterPassword true and no passkey. */
  addOneFirst: 'Add a passkey first.',
  /** The body of POST /login's 401 when the right password needs a passkey after it. */
  confirm: 'Confirm with your passkey',
} as const;

/** A passkey's name on My account, and what the form says of an empty one or a longer one. */
export const PASSKEY_NAME_MAX = 64;
export const PasskeyName = z.string().trim().min(1, 'Give the passkey a name.').max(PASSKEY_NAME_MAX, atMostCharacters(PASSKEY_NAME_MAX));

/** A row of "Passkeys" on My account. `id` is the credential's id (base64url). */
export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/** GET /api/account/passkeys: the account's passkeys, and whether a password alone no longer signs it in. */
export const AccountPasskeys = z.object({ passkeys: z.array(Passkey), askAfterPassword: z.boolean() });
export type AccountPasskeys = z.infer<typeof AccountPasskeys>;

/** PUT /api/account/passkey-setting. Removing the account's last passkey turns it off. */
export const PasskeySetting = z.strictObject({ askAfterPassword: z.boolean() });
export type PasskeySetting = z.infer<typeof PasskeySetting>;

const Base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');
const Transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);

/**
 * Options for the browser (PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, as
 * @simplewebauthn/server makes them): passed to @simplewebauthn/browser as they are.
 */
export const PasskeyOptions = z.looseObject({ challenge: Base64Url });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

/** What navigator.credentials.create() gave, as @simplewebauthn/browser's startRegistration() answers it. */
const RegistrationResponse = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: z
      .string()
      .max(65_536)
      .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url'),
    authenticatorData: Base64Url.optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** POST /api/account/passkeys: the name the user gave, and the browser's answer to the options. */
export const AddPasskeyRequest = z.strictObject({ name: PasskeyName, response: RegistrationResponse });
export type AddPasskeyRequest = z.input<typeof AddPasskeyRequest>;

/** What navigator.credentials.get() gave, as @simplewebauthn/browser's startAuthentication() answers it. */
export const AuthenticationResponse = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponse>;

/**
 * POST /login's 401 for an account that asks for its passkey after the password: no session, and the options for
 * the second step (their challenge is bound to that account). POST /login/passkey with the browser's answer ends it.
 */
export const LoginSecondStep = z.object({ message: z.literal(passkeyMessages.confirm), passkeyOptions: PasskeyOptions });
export type LoginSecondStep = z.infer<typeof LoginSecondStep>;

/** POST /login/passkey/cancel: the browser's dialog was cancelled or failed; the challenge the step had. */
export const CancelPasskeyStep = z.strictObject({ challenge: Base64Url });
export type CancelPasskeyStep = z.infer<typeof CancelPasskeyStep>;
