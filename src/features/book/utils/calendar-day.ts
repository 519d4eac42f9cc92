/**
 * A salon's day as the calendar lays it out (issue 40): a column per member working that day, a row every 15 minutes
 * from the earliest start to the latest end of their hours (contract/book.ts's `calendarRows`), and each booked
 * appointment a block in its member's column from the row of its start to the row of its end. Pure, so that the
 * layout is tested without a page, and the page only draws it.
 */
import {
  calendarRows,
  salonTime,
  timeRange,
  WEEKDAY_NAMES,
  weekdayOf,
  workingInterval,
  type Appointment,
  type Interval,
  type MemberSchedule,
} from '#contract/book';
import { onlineBookingTexts } from '#contract/online-booking-texts';

/** What a block and its link say: "10:00–11:00", the client's name, the service, and whether it was booked online. */
export type CalendarBlock = { id: string; time: string; client: string; service: string; online: boolean; start: number };
/** A block at its first row, with how many rows it spans; `covered`: a row a block above spans. */
export type CalendarCell = { block: CalendarBlock; rows: number } | 'covered' | null;
type CalendarColumn = { username: string; blocks: CalendarBlock[]; cells: CalendarCell[] };
export type CalendarDay = { rows: { instant: number; time: string }[]; columns: CalendarColumn[] };

/** An erased client keeps nothing that names them. */
export const ERASED_CLIENT = 'Erased client';

const blockOf = (appointment: Appointment, zone: string): CalendarBlock & Interval => {
  const interval = { start: Date.parse(appointment.start), end: Date.parse(appointment.end) };
  const { client } = appointment;
  return {
    id: appointment.id,
    time: timeRange(interval, zone),
    client: client ? `${client.firstName} ${client.lastName}` : ERASED_CLIENT,
    service: appointment.service.name,
    online: appointment.online,
    ...interval,
  };
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** A salon's date written out, "1 December 2026": the same on every browser (Intl's differ). */
export function longDate(date: string): string {
  const [year, month = 0, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** The salon's date as the page titles it, "Tuesday 1 December 2026". */
export const dayTitle = (date: string): string => `${WEEKDAY_NAMES[weekdayOf(date)]} ${longDate(date)}`;

/** "Booked online" after the service, for an appointment a visitor booked on the landing page (issue 41). */
const onlineLine = (block: CalendarBlock, separator: string) => (block.online ? `${separator}${onlineBookingTexts.bookedOnline}` : '');

/** A block's link text, its accessible name: "10:00–11:00, Nina Petrova, Haircut and styling[, Booked online]". */
export const blockLabel = (block: CalendarBlock) => `${block.time}, ${block.client}, ${block.service}${onlineLine(block, ', ')}`;

/**
 * What a block shows, a line each (calendar.css: `white-space: pre-line`, the first line bold): one text node, not an
 * element a line, so that a busy day's hundreds of blocks cost the grid's first paint little (docs/performance.md).
 * Template strings rather than an array joined: 500 blocks' texts and names in 0.04 ms, as before (a join: 0.11 ms).
 */
export const blockText = (block: CalendarBlock) => `${block.time}\n${block.client}\n${block.service}${onlineLine(block, '\n')}`;

/**
 * Each block at the row its start falls in, spanning to the row its end falls in; one that would start in a row a
 * block above still spans (hours starting off the quarter hour) starts below it instead, so that none hides another.
 */
function cellsOf(blocks: readonly (CalendarBlock & Interval)[], rows: readonly number[], slot: number): CalendarCell[] {
  const cells: CalendarCell[] = rows.map(() => null);
  const first = rows[0] ?? 0;
  let free = 0;
  for (const block of blocks) {
    const start = Math.max(free, Math.floor((block.start - first) / slot));
    const end = Math.max(start + 1, Math.ceil((block.end - first) / slot));
    cells[start] = { block, rows: end - start };
    for (let row = start + 1; row < end; row++) cells[row] = 'covered';
    free = end;
  }
  return cells;
}

/**
 * The day `date` of the salon in `zone`. A member whose hours or time off changed after a booking keeps a column
 * while they have an appointment that day, and the rows reach it: a booked appointment is never hidden.
 */
export function calendarDay(
  schedules: readonly MemberSchedule[],
  appointments: readonly Appointment[],
  date: string,
  zone: string,
): CalendarDay {
  const booked = appointments
    .filter(({ status }) => status === 'booked')
    .map((appointment) => ({
      staff: appointment.staff,
      block: blockOf(appointment, zone),
    }));
  const working = schedules.flatMap((schedule) => {
    const interval = workingInterval(schedule, date, zone);
    return interval ? [{ username: schedule.username, interval }] : [];
  });
  const usernames = [...new Set([...working.map(({ username }) => username), ...booked.map(({ staff }) => staff)])];
  const rows = calendarRows([...working.map(({ interval }) => interval), ...booked.map(({ block }) => block)]);
  const slot = (rows[1] ?? Infinity) - (rows[0] ?? 0);
  return {
    rows: rows.map((instant) => ({ instant, time: salonTime(instant, zone) })),
    columns: usernames.map((username) => {
      const blocks = booked
        .filter(({ staff }) => staff === username)
        .map(({ block }) => block)
        .sort((a, b) => a.start - b.start);
      return { username, blocks, cells: cellsOf(blocks, rows, slot) };
    }),
  };
}
