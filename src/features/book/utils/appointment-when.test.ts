import { describe, expect, it } from 'vitest';
import { NO_HOURS } from '#contract/book';
import { membersWithHours } from './booking-values.ts';
import { theirWhen, whenOf } from './appointment-when.ts';

const ZONE = 'Europe/London';

describe('whenOf and theirWhen', () => {
  it('holds an appointment’s member, day and start in the salon’s time, whatever offset the server wrote', () => {
    expect(whenOf({ staff: 'sam', start: '2027-06-01T09:00:00Z' }, ZONE)).toEqual({
      staff: 'sam',
      date: '2027-06-01',
      start: '2027-06-01T10:00:00+01:00',
    });
    // 23:30 UTC on 31 May is already 1 June in London.
    expect(whenOf({ staff: 'sam', start: '2027-05-31T23:30:00Z' }, ZONE).date).toBe('2027-06-01');
  });

  it('names only the colleague’s values that differ from the form’s, the time as the salon reads it', () => {
    const mine = { staff: 'sam', date: '2027-06-01', start: '2027-06-01T14:00:00+01:00' };
    expect(theirWhen(mine, mine, ZONE)).toEqual({});
    expect(theirWhen({ ...mine, staff: 'admin', start: '2027-06-01T12:00:00+01:00' }, mine, ZONE)).toEqual({
      staff: 'admin',
      start: '2027-06-01 12:00',
    });
  });
});

describe('membersWithHours', () => {
  it('offers only the members who work on some day', () => {
    const monday = { ...NO_HOURS, monday: { from: '09:00', to: '17:00' } };
    expect(
      membersWithHours([
        { username: 'sam', hours: monday, timeOff: [] },
        { username: 'kim', hours: NO_HOURS, timeOff: [] },
      ]),
    ).toEqual(['sam']);
  });
});
