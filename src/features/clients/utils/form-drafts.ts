// What staff typed in a client form when the session ended, kept for that page until saved or left. In
// sessionStorage, never localStorage: it is personal data, and it goes with the tab.
import type { ClientInputBody } from '#contract/api';

const PREFIX = 'salon.draft:';
const FIELDS = ['firstName', 'lastName', 'email', 'registrationDateTime'] as const;

export function saveDraft(page: string, values: ClientInputBody): void {
  try {
    window.sessionStorage.setItem(PREFIX + page, JSON.stringify(values));
  } catch {
    // Storage full or refused (private mode): the form still saves as before, only without the safety net.
  }
}

/** The draft kept for `page`, or undefined when there is none or it is not a draft's shape. */
export function readDraft(page: string): ClientInputBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(window.sessionStorage.getItem(PREFIX + page) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  if (!FIELDS.every((field) => typeof record[field] === 'string')) return undefined;
  return Object.fromEntries(FIELDS.map((field) => [field, record[field]])) as ClientInputBody;
}

export function removeDraft(page: string): void {
  window.sessionStorage.removeItem(PREFIX + page);
}
