/** Registration Time in the list: the first 16 characters, T replaced by a space. */
export function formatRegistrationTime(registrationDateTime: string): string {
  return registrationDateTime.slice(0, 16).replace('T', ' ');
}

/** The edit form's datetime-local value: the first 16 characters of the ISO form, in UTC. */
export function toDateTimeLocalValue(registrationDateTime: string): string {
  const date = new Date(registrationDateTime);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}
