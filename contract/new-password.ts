/**
 * The rule for a new password, one for the server and the mock (docs/decisions/034-team-rules-once.md): NIST SP
 * 800-63B, at least 12 characters (counted as the person sees them: code points, NFC), no composition rules, not a
 * common or breached password. Server and mock only: a lint zone keeps src/ out, so that the list of common
 * passwords stays out of the SPA (contract/team.ts's NewPassword is the length rule the forms check).
 */
import { dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordMessages } from './team.ts';

/**
 * Common and breached passwords, lower-case: zxcvbn's list (49,233 of them, from leaked password sets;
 * @zxcvbn-ts/language-common, MIT). Read once, when a new password is first checked.
 */
let commonPasswords: Set<string> | undefined;
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(commonDictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Why a new password is refused (contract/team.ts's message), or undefined when it is acceptable. The one rule for
 * the CLI, the welcome page and My account, on the server and in the mock; signing in never checks it.
 */
export function passwordProblem(password: string): string | undefined {
  const normalized = password.normalize('NFC');
  const length = [...normalized].length;
  if (length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  if (isCommon(normalized)) return passwordMessages.tooCommon;
  return undefined;
}
