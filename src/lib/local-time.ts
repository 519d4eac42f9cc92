/**
 * Times on the salon's clock, written the way every staff page writes them: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM`, or
 * with seconds. (The clients' Registration Time is the spec's own text, not a local time: features/clients/utils/date-time.ts.)
 */
const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD`, the local date. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD HH:MM` (`HH:MM:SS` with `seconds`), the local time of an ISO instant; text that is no time, as it is. */
export function localDateTime(iso: string, { seconds = false } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${localDate(date)} ${time}`;
}
