import { describe, expect, it } from 'vitest';
import { passwordProblem } from '#contract/new-password';
import { generatePassword, hashPassword, needsRehash, OWASP_SCRYPT_PARAMS, parsePasswordHash, verifyPassword } from './password.ts';

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('uses the OWASP scrypt parameters by default and stores them with the hash', async () => {
    expect(OWASP_SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parsePasswordHash(hash)?.params).toEqual(OWASP_SCRYPT_PARAMS);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  });

  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse battery', CHEAP);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batter', hash)).toBe(false);
    expect(await verifyPassword('Correct horse battery', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash: the same password hashes differently each time', async () => {
    const [first, second] = await Promise.all([hashPassword('same password', CHEAP), hashPassword('same password', CHEAP)]);
    expect(first).not.toBe(second);
    expect(await verifyPassword('same password', first)).toBe(true);
    expect(await verifyPassword('same password', second)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, not the current defaults', async () => {
    const hash = await hashPassword('old password', { N: 2 ** 11, r: 4, p: 2 });
    expect(hash).toContain('$ln=11,r=4,p=2$');
    expect(await verifyPassword('old password', hash)).toBe(true);
  });

  it('treats the same characters typed in different Unicode forms as the same password', async () => {
    const composed = 'caf\u00e9 crème brûlée';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed, CHEAP))).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another algorithm', '$2b$12$abcdefghijklmnopqrstuv'],
    ['absurd parameters', '$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U'],
    ['a truncated key', '$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5'],
  ])('matches nothing against a malformed stored hash (%s)', async (_kind, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('knows when a stored hash is weaker than the current parameters', async () => {
    const weak = await hashPassword('password', CHEAP);
    expect(needsRehash(weak, OWASP_SCRYPT_PARAMS)).toBe(true);
    expect(needsRehash(weak, CHEAP)).toBe(false);
    expect(needsRehash('garbage', CHEAP)).toBe(true);
  });

  it('generates passwords the rule accepts', () => {
    for (let index = 0; index < 20; index += 1) expect(passwordProblem(generatePassword())).toBeUndefined();
  });

  it('generates random passwords of 128 bits', () => {
    const password = generatePassword();
    expect(password).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(generatePassword()).not.toBe(password);
  });
});
