/** How the product compares text, in one place for the SPA, the mock and the server. No zod here. */

/** Emails match as the edit form's "A client with this email already exists" does: trimmed, in any case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Lower case, without accents or other combining marks: "Lucía" and "LUCIA" are both "lucia" (the list's search too). */
export function foldText(text: string): string {
  // Most text is plain ASCII, where lower case is all there is to do.
  const lower = text.toLowerCase();
  return /[^\0-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
}

/** A form's refusal of text longer than `max` characters: the password's, a passkey's name. */
export const atMostCharacters = (max: number): string => `Use at most ${max} characters.`;
