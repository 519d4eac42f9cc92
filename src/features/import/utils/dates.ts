/**
 * The registration dates of an import file (issue 29), in the forms files have: ISO (`2024-05-01T10:30`,
 * `2024-05-01 10:30`, seconds, a zone, or the date alone), `DD/MM/YYYY HH:mm` and `MM/DD/YYYY` (`/`, `-` or `.`
 * between the date's parts, the time optional, with `AM`/`PM` as US exports write it). A file's dates are all of
 * one form; when both the day-first and the month-first form read them all, the page asks which.
 */
import { normalizeDateTime } from '#contract/api';

export type DateForm = 'iso' | 'day-first' | 'month-first';

const DATE_FORMS: readonly DateForm[] = ['iso', 'day-first', 'month-first'];

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Day and month in either order (the form says which), a four-digit year, and a time with two-digit minutes. */
const DAY_AND_MONTH = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AP])\.?M\.?)?)?$/i;

type DateTimeParts = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second?: string | undefined;
  fraction?: string | undefined;
  zone?: string | undefined;
};

const pad = (value: string) => value.padStart(2, '0');

function partsOf(value: string, form: DateForm): DateTimeParts | null {
  if (form === 'iso') {
    const match = ISO.exec(value);
    if (!match) return null;
    const [, year = '', month = '', day = '', hour = '00', minute = '00', second, fraction, zone] = match;
    return { year, month, day, hour, minute, second, fraction, zone };
  }
  const match = DAY_AND_MONTH.exec(value);
  if (!match) return null;
  const [, first = '', , second = '', year = '', hour = '0', minute = '00', seconds, meridiem] = match;
  const [day, month] = form === 'day-first' ? [first, second] : [second, first];
  const hour24 = meridiem === undefined ? Number(hour) : to24Hours(Number(hour), meridiem.toUpperCase() === 'P');
  if (hour24 === null) return null;
  return { year, month: pad(month), day: pad(day), hour: pad(String(hour24)), minute, second: seconds };
}

/** 12 AM is midnight, 12 PM noon; 0 or 13 with AM or PM is not a time. */
function to24Hours(hour: number, afternoon: boolean): number | null {
  if (hour < 1 || hour > 12) return null;
  return (hour % 12) + (afternoon ? 12 : 0);
}

/**
 * The value as the register form's date-time (`YYYY-MM-DDTHH:mm`, seconds kept when written), taken as UTC as the
 * form's is; a value with a zone is moved to UTC. Null when it is not a real date and time in that form.
 */
export function toDateTimeText(value: string, form: DateForm): string | null {
  const parts = partsOf(value.trim(), form);
  if (parts === null) return null;
  const { year, month, day, hour, minute, second, fraction = '', zone } = parts;
  const offset = zone === undefined || zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  // The contract's own reading: 2024-02-30 or 24:00 is refused, as the register form refuses them.
  const utc = normalizeDateTime(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}${fraction}${offset}`);
  if (utc === null) return null;
  if (second === undefined) return utc.slice(0, 16);
  return fraction === '' ? utc.slice(0, 19) : utc.slice(0, 23);
}

/**
 * The forms that read every date of the column (its non-empty values that some form reads: one that none reads is
 * not a date whatever the form, and is shown as not valid). Empty when there is no date, or no single form reads them
 * all. The page asks which form only when both 'day-first' and 'month-first' are here.
 */
export function dateFormsOf(values: readonly string[]): DateForm[] {
  // One pass over the column: the forms that read every date so far, each value read only in those (a column of
  // ISO dates reads each value once, not in all three forms).
  let forms: readonly DateForm[] = DATE_FORMS;
  let anyDate = false;
  for (const written of values) {
    const value = written.trim();
    if (value === '') continue;
    const reading = forms.filter((form) => toDateTimeText(value, form) !== null);
    if (reading.length > 0) {
      forms = reading;
      anyDate = true;
    } else if (DATE_FORMS.some((form) => !forms.includes(form) && toDateTimeText(value, form) !== null)) {
      // A date, but in a form another date ruled out: no single form reads them all.
      return [];
    }
  }
  return anyDate ? [...forms] : [];
}
