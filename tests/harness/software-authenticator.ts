/**
 * A passkey authenticator in software, for tests and benchmarks that have no browser (issue 30): it answers
 * WebAuthn options as @simplewebauthn/browser's startRegistration() and startAuthentication() would, with an ES256
 * key pair per credential, user verification, and a signature counter. Browser tests use Chromium's own virtual
 * authenticator instead (tests/e2e).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type StoredCredential = {
  id: Uint8Array;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: { x: Uint8Array; y: Uint8Array };
  counter: number;
};

/** User present, user verified; attested credential data follows (registration only). */
const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 } as const;

const sha256 = (data: Uint8Array | string): Uint8Array<ArrayBuffer> => new Uint8Array(createHash('sha256').update(data).digest());
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const utf8 = (text: string) => new TextEncoder().encode(text);

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export type AuthenticatorOptions = {
  /** The page's origin, as the browser would put it in clientDataJSON. */
  origin: string;
  /** What the authenticator reports; false answers as one without a PIN or biometrics would. */
  userVerified?: boolean;
};

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];
  origin: string;
  userVerified: boolean;

  constructor({ origin, userVerified = true }: AuthenticatorOptions) {
    this.origin = origin;
    this.userVerified = userVerified;
  }

  private flags(extra = 0): number {
    return FLAGS.userPresent | (this.userVerified ? FLAGS.userVerified : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Uint8Array {
    return utf8(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new discoverable credential for the options' relying party and user. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: StoredCredential = {
      id: new Uint8Array(randomBytes(32)),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey: { x: isoBase64URL.toBuffer(jwk.x!), y: isoBase64URL.toBuffer(jwk.y!) },
      counter: 0,
    };
    this.credentials.push(credential);
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, credential.publicKey.x],
        [-3, credential.publicKey.y],
      ]),
    );
    const idLength = new Uint8Array([credential.id.length >> 8, credential.id.length & 0xff]);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([this.flags(FLAGS.attestedData)]),
      uint32(0),
      new Uint8Array(16),
      idLength,
      credential.id,
      coseKey,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): signs the challenge with the credential `credentialId` names, else the first one
   * for the relying party that the options allow (any, for a discoverable sign-in).
   */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, credentialId?: string): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((allow) => allow.id);
    const credential = this.credentials.find(
      (candidate) =>
        candidate.rpId === rpId &&
        (credentialId === undefined || b64url(candidate.id) === credentialId) &&
        (allowed === undefined || allowed.length === 0 || allowed.includes(b64url(candidate.id))),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    credential.counter += 1;
    return this.assertion(credential, options.challenge, rpId);
  }

  /** An assertion as a given credential would sign it, with the counter as it is: for replays and forgeries. */
  assertion(credential: StoredCredential, challenge: string, rpId = credential.rpId): AuthenticationResponseJSON {
    const authenticatorData = concat(sha256(rpId), new Uint8Array([this.flags()]), uint32(credential.counter));
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', concat(authenticatorData, sha256(clientDataJSON)), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

/** A browser's passkey answers in shape, that verify against nothing: for requests whose refusal is all a test needs. */
export const UNVERIFIED_REGISTRATION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
  clientExtensionResults: {},
} as const;
export const UNVERIFIED_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
} as const;
