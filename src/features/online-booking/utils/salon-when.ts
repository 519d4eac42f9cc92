/**
 * Days and times as the visitor reads them (issue 41): in English and in the salon's time zone, whatever the
 * browser's language and zone ("Tuesday, 1 December", "10:00").
 */
export type SalonWhen = { weekday: string; day: number; month: string; time: string };

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
};

/** An instant (RFC 3339) in the salon's zone. */
export function salonWhen(instant: string, timeZone: string): SalonWhen {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(instant))
      .map(({ type, value }) => [type, value]),
  );
  return { weekday: parts.weekday ?? '', day: Number(parts.day), month: parts.month ?? '', time: `${parts.hour}:${parts.minute}` };
}

/** A salon date ("2026-12-01") as "Tuesday, 1 December": a calendar date, so read in UTC, where it has no offset. */
export function dayName(date: string): string {
  const { weekday, day, month } = salonWhen(`${date}T12:00:00Z`, 'UTC');
  return `${weekday}, ${day} ${month}`;
}
