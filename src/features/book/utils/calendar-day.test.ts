import { describe, expect, it } from 'vitest';
import { appointmentOn, LONDON, workingEveryDay } from '../../../testing/sample-book.ts';
import { blockLabel, blockText, calendarDay, dayTitle, ERASED_CLIENT } from './calendar-day.ts';

const DAY = '2026-12-01';
const booked = (id: string, staff: string, from: string, to: string) => appointmentOn(LONDON, { id, staff, date: DAY, from, to });

describe('a day of the calendar', () => {
  it('has a column per member working that day and a row every 15 minutes from the earliest start to the latest end', () => {
    const off = { ...workingEveryDay('kim'), timeOff: [{ id: 't1', first: DAY, last: DAY }] };
    const day = calendarDay([workingEveryDay('sam', '10:00', '12:00'), workingEveryDay('admin', '09:00', '11:00'), off], [], DAY, LONDON);
    expect(day.columns.map(({ username }) => username)).toEqual(['sam', 'admin']);
    expect(day.rows.map(({ time }) => time)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
    ]);
  });

  it('places each booked appointment from the row of its start over the rows to its end, in start order', () => {
    const appointments = [
      booked('a2', 'sam', '11:00', '11:45'),
      booked('a1', 'sam', '09:30', '10:30'),
      { ...booked('a3', 'sam', '10:30', '11:00'), status: 'cancelled' as const },
    ];
    const [sam] = calendarDay([workingEveryDay('sam', '09:00', '12:00')], appointments, DAY, LONDON).columns;
    expect(sam?.blocks.map(blockLabel)).toEqual([
      '09:30–10:30, Nina Petrova, Haircut and styling',
      '11:00–11:45, Nina Petrova, Haircut and styling',
    ]);
    expect(sam?.cells.map((cell) => (cell === null || cell === 'covered' ? cell : `${cell.block.id}×${cell.rows}`))).toEqual([
      null,
      null,
      'a1×4',
      'covered',
      'covered',
      'covered',
      null,
      null,
      'a2×3',
      'covered',
      'covered',
      null,
    ]);
  });

  it('shows the salon’s time on the days the clocks change: 23 and 25 hours', () => {
    const nights = workingEveryDay('sam', '00:00', '03:00');
    expect(
      calendarDay([nights], [], '2026-03-29', LONDON)
        .rows.map(({ time }) => time)
        .slice(3, 6),
    ).toEqual(['00:45', '02:00', '02:15']);
    expect(calendarDay([nights], [], '2026-10-25', LONDON).rows).toHaveLength(16);
  });

  it('names an erased client "Erased client"', () => {
    const erased = { ...booked('a1', 'sam', '09:00', '10:00'), client: null };
    expect(calendarDay([workingEveryDay('sam')], [erased], DAY, LONDON).columns[0]?.blocks[0]?.client).toBe(ERASED_CLIENT);
  });

  it('keeps a column, and rows, for a member with an appointment that day outside their hours now', () => {
    const day = calendarDay([workingEveryDay('sam', '10:00', '11:00')], [booked('a1', 'kim', '09:00', '09:30')], DAY, LONDON);
    expect(day.columns.map(({ username }) => username)).toEqual(['sam', 'kim']);
    expect(day.rows[0]?.time).toBe('09:00');
  });

  it('is empty on a day nobody works', () => {
    expect(calendarDay([{ ...workingEveryDay('sam'), timeOff: [{ id: 't1', first: DAY, last: DAY }] }], [], DAY, LONDON)).toEqual({
      rows: [],
      columns: [],
    });
  });

  it('says "Booked online" last, in the block and its name, for an appointment a visitor booked (issue 41)', () => {
    const appointments = [{ ...booked('a1', 'sam', '09:00', '10:00'), online: true }, booked('a2', 'sam', '10:00', '11:00')];
    const [sam] = calendarDay([workingEveryDay('sam', '09:00', '12:00')], appointments, DAY, LONDON).columns;
    expect(sam?.blocks.map(blockText)).toEqual([
      '09:00–10:00\nNina Petrova\nHaircut and styling\nBooked online',
      '10:00–11:00\nNina Petrova\nHaircut and styling',
    ]);
    expect(sam?.blocks.map(blockLabel)[0]).toBe('09:00–10:00, Nina Petrova, Haircut and styling, Booked online');
  });

  it('is titled by its weekday, day, month and year', () => {
    expect([dayTitle(DAY), dayTitle('2027-01-31')]).toEqual(['Tuesday 1 December 2026', 'Sunday 31 January 2027']);
  });
});
