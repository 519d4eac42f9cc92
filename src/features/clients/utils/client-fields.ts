import type { ClientFields, ClientInputBody } from '#contract/api';
import { formatRegistrationTime } from './date-time.ts';

/** The form's labels, in the form's order: a history entry and a merge name each field so. */
export const FIELD_LABELS: ReadonlyArray<[keyof ClientFields, string]> = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['registrationDateTime', 'Registration date and time'],
];

/** Each field's input in the form: the browser's own email and date-and-time inputs. */
export const FIELD_INPUT_TYPES: Readonly<Record<keyof ClientFields, string>> = {
  firstName: 'text',
  lastName: 'text',
  email: 'email',
  registrationDateTime: 'datetime-local',
};

/** A field's value as the pages show it: the registration as the list shows it, the rest as stored. */
export function shownValue(field: keyof ClientFields, value: string): string {
  return field === 'registrationDateTime' ? formatRegistrationTime(value) : value;
}

/** What the register and edit forms hold: the values as typed (the datetime-local value, SPEC.md section 7). */
export type ClientFormValues = ClientInputBody;

export const emptyClientFormValues: ClientFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  registrationDateTime: '',
};
