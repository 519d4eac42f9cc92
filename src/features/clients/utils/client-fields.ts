import type { ClientFields } from '#contract/api';
import { formatRegistrationTime } from './date-time.ts';

/** The form's labels, in the form's order: a history entry and a merge name each field so. */
export const FIELD_LABELS: ReadonlyArray<[keyof ClientFields, string]> = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['registrationDateTime', 'Registration date and time'],
];

/** A field's value as the pages show it: the registration as the list shows it, the rest as stored. */
export function shownValue(field: keyof ClientFields, value: string): string {
  return field === 'registrationDateTime' ? formatRegistrationTime(value) : value;
}
