/**
 * Staff passwords: scrypt with OWASP's parameters (N=2^17, r=8, p=1), a 16-byte salt, and the parameters
 * stored with the hash (PHC string), so that `needsRehash` can raise them later without locking anyone out.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

export type ScryptParams = {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
};

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read back from the database, so a damaged row cannot ask for gigabytes. */
const MAX_LOG_N = 22;
const MAX_R = 32;
const MAX_P = 16;

/**
 * Hashes running at once: half the cores (one on two), so a burst of logins takes neither the
 * memory (128 MiB each) nor the CPU the API needs (docs/decisions/008-login-throttle-and-hashing-slots.md).
 */
const hashSlots = pLimit(Math.max(1, Math.floor(availableParallelism() / 2)));

function scrypt(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // Node refuses to allocate more than `maxmem` (32 MiB by default); allow what N and r need.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r * p };
  // NFC: the same password typed on two keyboards gives the same bytes.
  const input = password.normalize('NFC');
  return hashSlots(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(input, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

function toB64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, params);
  return `$scrypt$ln=${Math.log2(params.N)},r=${params.r},p=${params.p}$${toB64(salt)}$${toB64(key)}`;
}

type ParsedHash = { params: ScryptParams; salt: Buffer; key: Buffer };

const HASH_PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function parsePasswordHash(stored: string): ParsedHash | undefined {
  const match = HASH_PATTERN.exec(stored);
  if (!match) return undefined;
  const [, logN, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const params = { N: 2 ** Number(logN), r: Number(r), p: Number(p) };
  if (Number(logN) < 1 || Number(logN) > MAX_LOG_N || params.r < 1 || params.r > MAX_R || params.p < 1 || params.p > MAX_P) {
    return undefined;
  }
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/** Whether `password` matches `stored`, compared in constant time. A malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.key.length !== KEY_BYTES) return false;
  const key = await scrypt(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** Whether `stored` was made with weaker parameters than `params`. */
export function needsRehash(stored: string, params: ScryptParams = OWASP_SCRYPT_PARAMS): boolean {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return true;
  return parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

/** A random password for the first account when none was configured (128 bits). */
export function generatePassword(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The team store's passwords (team-store.ts) on scrypt with `params`. An unknown account, or one without a usable
 * password (a sign-in link not used yet), is checked against a dummy hash: it costs as long as a wrong password.
 */
export function scryptPasswords(params: ScryptParams) {
  let dummyHash: Promise<string> | undefined;
  /** A hash of a random password with the current parameters, made once (ahead of the first login: see dummyPasswordHash). */
  const dummyPasswordHash = () => (dummyHash ??= hashPassword(generatePassword(), params));
  return {
    dummyPasswordHash,
    hash: (password: string) => hashPassword(password, params),
    verify: async (password: string, stored: string | undefined) =>
      verifyPassword(password, stored !== undefined && parsePasswordHash(stored) ? stored : await dummyPasswordHash()),
  };
}
