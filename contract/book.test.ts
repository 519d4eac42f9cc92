import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { bookTexts } from './book-texts.ts';
import {
  Appointment,
  AppointmentMove,
  AppointmentsQuery,
  Availability,
  AvailabilityQuery,
  addDays,
  blockedIntervals,
  calendarRows,
  Currency,
  DayHours,
  dayInterval,
  DEFAULT_CURRENCY,
  fitsSchedule,
  formatPrice,
  freeStarts,
  instantAt,
  LocalDate,
  NewAppointment,
  NewTimeOff,
  NO_HOURS,
  overlaps,
  parsePrice,
  salonDate,
  salonDateTime,
  salonTime,
  Service,
  SERVICE_DURATION,
  ServiceFields,
  TimeOff,
  TimeZone,
  timeRange,
  WEEKDAY_NAMES,
  WEEKDAYS,
  weekdayOf,
  workingInterval,
  type Schedule,
} from './book.ts';

const LONDON = 'Europe/London';
const HOUR_MS = 60 * 60 * 1000;
const at = Date.parse;
const nineToSix = { from: '09:00', to: '18:00' };
/** 09:00–18:00 every day, so that the clocks' Sundays are working days. */
const everyDay: Schedule = {
  hours: Object.fromEntries(Object.keys(NO_HOURS).map((day) => [day, nineToSix])) as Schedule['hours'],
  timeOff: [],
};
const nights: Schedule = { ...everyDay, hours: { ...everyDay.hours, sunday: { from: '00:00', to: '03:00' } } };
const times = (instants: number[]) => instants.map((instant) => salonTime(instant, LONDON));

describe('the salon’s time', () => {
  it('answers RFC 3339 with the offset of each side of the clocks’ changes', () => {
    expect(salonDateTime(instantAt('2026-03-28', '09:00', LONDON), LONDON)).toBe('2026-03-28T09:00:00+00:00');
    expect(salonDateTime(instantAt('2026-03-29', '09:00', LONDON), LONDON)).toBe('2026-03-29T09:00:00+01:00');
    expect(salonDateTime(instantAt('2026-10-24', '09:00', LONDON), LONDON)).toBe('2026-10-24T09:00:00+01:00');
    expect(salonDateTime(instantAt('2026-10-25', '09:00', LONDON), LONDON)).toBe('2026-10-25T09:00:00+00:00');
    expect(instantAt('2026-03-29', '09:00', LONDON)).toBe(at('2026-03-29T08:00:00Z'));
  });

  it('reads every instant as Temporal does, in any order, across each zone’s changes', () => {
    const temporal = (instant: number, zone: string) =>
      Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone).toString({ timeZoneName: 'never' });
    // London's changes, Lord Howe's half-hour change, a zone without changes; at the changes and a second either side.
    const changes = [at('2026-03-29T01:00:00Z'), at('2026-10-25T01:00:00Z'), at('2026-04-04T15:00:00Z'), at('2026-10-03T15:30:00Z')];
    const instants = changes.flatMap((change) => [-HOUR_MS, -1000, -1, 0, 1, 1000, HOUR_MS].map((step) => change + step));
    for (const zone of [LONDON, 'Australia/Lord_Howe', 'Asia/Tokyo']) {
      for (const order of [instants, [...instants].reverse(), instants.filter((_, index) => index % 2).concat(instants)]) {
        for (const instant of order) expect(salonDateTime(instant, zone)).toBe(temporal(Math.floor(instant / 1000) * 1000, zone));
      }
    }
  });

  it('counts 23 hours on the spring day, 25 on the autumn day and 24 on the others', () => {
    const hours = (date: string) => {
      const { start, end } = dayInterval(date, LONDON);
      return (end - start) / HOUR_MS;
    };
    expect([hours('2026-03-28'), hours('2026-03-29'), hours('2026-10-25'), hours('2026-10-26')]).toEqual([24, 23, 25, 24]);
  });

  it('takes a skipped time after the change and a repeated time at its first occurrence', () => {
    expect(instantAt('2026-03-29', '01:30', LONDON)).toBe(at('2026-03-29T01:30:00Z'));
    expect(salonTime(at('2026-03-29T01:30:00Z'), LONDON)).toBe('02:30');
    expect(instantAt('2026-10-25', '01:30', LONDON)).toBe(at('2026-10-25T00:30:00Z'));
  });

  it('reads an instant as the salon’s date and time, not UTC’s', () => {
    expect(salonDate(at('2026-06-30T23:30:00Z'), LONDON)).toBe('2026-07-01');
    expect(salonTime(at('2026-06-30T23:30:00Z'), LONDON)).toBe('00:30');
    expect(salonDate(at('2026-06-30T23:30:00Z'), 'America/New_York')).toBe('2026-06-30');
    expect(timeRange({ start: at('2026-12-01T10:00:00Z'), end: at('2026-12-01T11:00:00Z') }, LONDON)).toBe('10:00–11:00');
  });

  it('steps through dates and names their weekdays', () => {
    const week = Array.from({ length: 7 }, (_, day) => addDays('2026-11-30', day));
    expect(week.map(weekdayOf)).toEqual(WEEKDAYS);
    expect(WEEKDAYS.map((day) => WEEKDAY_NAMES[day])).toEqual('Monday Tuesday Wednesday Thursday Friday Saturday Sunday'.split(' '));
    expect(weekdayOf('2026-03-29')).toBe('sunday');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('a member’s working hours', () => {
  it('are 09:00–18:00 local on both change days, 9 hours each', () => {
    expect(workingInterval(everyDay, '2026-03-29', LONDON)).toEqual({
      start: at('2026-03-29T08:00:00Z'),
      end: at('2026-03-29T17:00:00Z'),
    });
    expect(workingInterval(everyDay, '2026-10-25', LONDON)).toEqual({
      start: at('2026-10-25T09:00:00Z'),
      end: at('2026-10-25T18:00:00Z'),
    });
  });

  it('are none on a day off, on time off, or for a member with no hours', () => {
    const schedule: Schedule = {
      hours: { ...NO_HOURS, tuesday: nineToSix, wednesday: nineToSix },
      timeOff: [{ first: '2026-12-02', last: '2026-12-09' }],
    };
    expect(workingInterval(schedule, '2026-12-01', LONDON)).not.toBeNull();
    expect(workingInterval(schedule, '2026-11-30', LONDON)).toBeNull();
    expect(workingInterval(schedule, '2026-12-02', LONDON)).toBeNull();
    expect(workingInterval(schedule, '2026-12-08', LONDON)).toBeNull();
    expect(workingInterval({ hours: NO_HOURS, timeOff: [] }, '2026-12-01', LONDON)).toBeNull();
  });

  it('hold an appointment only when it lies wholly within them', () => {
    const appointment = (start: string, end: string) => ({ start: at(start), end: at(end) });
    expect(fitsSchedule(appointment('2026-03-29T08:00:00Z', '2026-03-29T09:00:00Z'), everyDay, LONDON)).toBe(true);
    expect(fitsSchedule(appointment('2026-03-29T16:30:00Z', '2026-03-29T17:00:00Z'), everyDay, LONDON)).toBe(true);
    expect(fitsSchedule(appointment('2026-03-29T07:45:00Z', '2026-03-29T08:45:00Z'), everyDay, LONDON)).toBe(false);
    expect(fitsSchedule(appointment('2026-03-29T16:30:00Z', '2026-03-29T17:30:00Z'), everyDay, LONDON)).toBe(false);
    const away = { ...everyDay, timeOff: [{ first: '2026-03-29', last: '2026-03-29' }] };
    expect(fitsSchedule(appointment('2026-03-29T10:00:00Z', '2026-03-29T11:00:00Z'), away, LONDON)).toBe(false);
  });

  it('are computed the same whatever the process’s own time zone', () => {
    const original = process.env.TZ;
    const computed = (zone: string) => {
      process.env.TZ = zone;
      return {
        offset: new Date(at('2026-07-01T00:00:00Z')).getTimezoneOffset(),
        book: {
          days: ['2026-03-29', '2026-10-04', '2026-10-25'].map((date) => workingInterval(everyDay, date, LONDON)),
          starts: times(freeStarts(nights, '2026-10-25', LONDON, 60, [])),
        },
      };
    };
    try {
      const results = ['UTC', 'America/New_York', 'Australia/Lord_Howe'].map(computed);
      // The zone did change for the process: its Dates read three offsets…
      expect(results.map(({ offset }) => offset)).toEqual([0, 240, -630]);
      // …and the salon's book did not.
      expect(results.map(({ book }) => book)).toEqual(Array(3).fill(results[0]?.book));
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });
});

describe('the free start times', () => {
  const booked = (start: string, end: string, status: Appointment['status'] = 'booked') => ({ start, end, status });

  it('come every 15 minutes from the start of the hours, the last ending at their end', () => {
    const starts = times(freeStarts(everyDay, '2026-03-29', LONDON, 60, []));
    expect(starts).toHaveLength(33);
    expect(starts.slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    expect(starts.at(-1)).toBe('17:00');
  });

  it('leave out those overlapping an appointment not cancelled', () => {
    const blocked = blockedIntervals([
      booked('2026-10-25T10:00:00+00:00', '2026-10-25T11:00:00+00:00'),
      booked('2026-10-25T13:00:00+00:00', '2026-10-25T14:00:00+00:00', 'cancelled'),
    ]);
    const starts = times(freeStarts(everyDay, '2026-10-25', LONDON, 60, blocked));
    expect(starts.slice(0, 2)).toEqual(['09:00', '11:00']);
    expect(starts).toContain('13:00');
    expect(starts).toHaveLength(33 - 7);
  });

  it('are none on a day off', () => {
    expect(freeStarts({ hours: NO_HOURS, timeOff: [] }, '2026-12-01', LONDON, 60, [])).toEqual([]);
  });

  it('follow the clock across the autumn change: 01:00 to 01:45 come twice', () => {
    expect(times(freeStarts(nights, '2026-10-25', LONDON, 60, []))).toEqual(
      '00:00 00:15 00:30 00:45 01:00 01:15 01:30 01:45 01:00 01:15 01:30 01:45 02:00'.split(' '),
    );
  });

  it('follow the clock across the spring change: 01:00 to 01:45 never come', () => {
    expect(times(freeStarts(nights, '2026-03-29', LONDON, 60, []))).toEqual('00:00 00:15 00:30 00:45 02:00'.split(' '));
  });
});

describe('the calendar’s rows', () => {
  it('run every 15 minutes from the earliest start to the latest end', () => {
    const working = [
      workingInterval(everyDay, '2026-03-29', LONDON),
      workingInterval({ ...everyDay, hours: { ...everyDay.hours, sunday: { from: '10:00', to: '19:00' } } }, '2026-03-29', LONDON),
    ].filter((interval) => interval !== null);
    const rows = times(calendarRows(working));
    expect(rows).toHaveLength(40);
    expect([rows[0], rows.at(-1)]).toEqual(['09:00', '18:45']);
  });

  it('count the 25 hours of the autumn day, and none when nobody works', () => {
    const night = workingInterval(nights, '2026-10-25', LONDON);
    expect(night && calendarRows([night])).toHaveLength(16);
    expect(calendarRows([])).toEqual([]);
  });
});

describe('overlap', () => {
  it('is any shared moment; one ending as the other starts is none', () => {
    expect(overlaps({ start: 0, end: 60 }, { start: 59, end: 120 })).toBe(true);
    expect(overlaps({ start: 0, end: 120 }, { start: 30, end: 60 })).toBe(true);
    expect(overlaps({ start: 0, end: 60 }, { start: 60, end: 120 })).toBe(false);
  });
});

describe('the API’s shapes', () => {
  it('take durations of 5 to 480 minutes in steps of 5', () => {
    const duration = (durationMinutes: number) => ServiceFields.safeParse({ name: 'Hair colour', durationMinutes, price: null }).success;
    expect(SERVICE_DURATION).toEqual({ min: 5, max: 480, step: 5 });
    expect([5, 45, 480].map(duration)).toEqual([true, true, true]);
    expect([0, 3, 47, 485, 7.5].map(duration)).toEqual([false, false, false, false, false]);
  });

  it('keep prices as minor units of the salon’s currency', () => {
    expect(['35', '35.5', '35,50', '0.05'].map((text) => parsePrice(text, 'EUR'))).toEqual([3500, 3550, 3550, 5]);
    expect(['35.505', 'abc', '-3', ''].map((text) => parsePrice(text, 'EUR'))).toEqual([undefined, undefined, undefined, undefined]);
    expect([parsePrice('1500', 'JPY'), parsePrice('15.5', 'JPY')]).toEqual([1500, undefined]);
    expect(formatPrice(3550, 'EUR')).toBe('€35.50');
    expect(formatPrice(1500, 'JPY')).toBe('¥1,500');
  });

  it('refuse hours that end before they start and time off that ends before it begins', () => {
    expect(DayHours.safeParse(nineToSix).success).toBe(true);
    expect(DayHours.safeParse({ from: '18:00', to: '09:00' }).success).toBe(false);
    expect(DayHours.safeParse({ from: '9:00', to: '18:00' }).success).toBe(false);
    expect(NewTimeOff.safeParse({ first: '2026-12-02', last: '2026-12-02' }).success).toBe(true);
    expect(NewTimeOff.safeParse({ first: '2026-12-02', last: '2026-12-01' }).success).toBe(false);
  });

  it('take appointments’ times with their offset, and IANA time zones', () => {
    const appointment = {
      id: 'a1',
      client: { id: 'c1', firstName: 'Ada', lastName: 'Lovelace' },
      service: { id: 's1', name: 'Haircut and styling' },
      staff: 'sam',
      start: '2026-03-29T09:00:00+01:00',
      end: '2026-03-29T10:00:00+01:00',
      status: 'booked',
      version: 1,
      online: false,
    };
    expect(Appointment.safeParse(appointment).success).toBe(true);
    expect(Appointment.safeParse({ ...appointment, start: '2026-03-29T09:00:00' }).success).toBe(false);
    expect(Appointment.safeParse({ ...appointment, client: null }).success).toBe(true);
    expect(TimeZone.safeParse(LONDON).success).toBe(true);
    expect(TimeZone.safeParse('Mars/Olympus_Mons').success).toBe(false);
  });

  it('list services, a removed one included, and take a new one without its id', () => {
    const haircut = { name: 'Haircut and styling', durationMinutes: 60, price: 3550 };
    expect(Service.safeParse({ ...haircut, id: 's1', removed: true }).success).toBe(true);
    expect(ServiceFields.safeParse(haircut).success).toBe(true);
    expect(ServiceFields.safeParse({ ...haircut, id: 's1' }).success).toBe(false);
  });

  it('take the salon’s currency as an ISO 4217 code, EUR by default', () => {
    expect([DEFAULT_CURRENCY, 'JPY', 'EURO', 'eur'].map((code) => Currency.safeParse(code).success)).toEqual([true, true, false, false]);
  });

  it('book with a start and no end, and move with a member and a start alone', () => {
    const booking = { clientId: 'c1', serviceId: 's1', staff: 'sam', start: '2026-12-01T10:00:00+00:00' };
    expect(NewAppointment.safeParse(booking).success).toBe(true);
    expect(NewAppointment.safeParse({ ...booking, end: '2026-12-01T11:00:00+00:00' }).success).toBe(false);
    expect(NewAppointment.safeParse({ ...booking, start: '2026-12-01 10:00' }).success).toBe(false);
    expect(AppointmentMove.safeParse({ staff: 'admin', start: booking.start }).success).toBe(true);
    expect(AppointmentMove.safeParse({ staff: 'admin', start: booking.start, clientId: 'c2' }).success).toBe(false);
  });

  it('ask for days as the salon’s local dates', () => {
    expect(LocalDate.safeParse('2026-12-01').success).toBe(true);
    expect(LocalDate.safeParse('2026-13-01').success).toBe(false);
    expect(AppointmentsQuery.safeParse({ from: '2026-11-30', to: '2026-12-06' }).success).toBe(true);
    expect(AppointmentsQuery.safeParse({ from: '2026-11-30', to: '2026-12-06', staff: 'sam' }).success).toBe(true);
    expect(AvailabilityQuery.safeParse({ service: 's1', staff: 'sam', date: '2026-12-01' }).success).toBe(true);
    expect(AvailabilityQuery.safeParse({ service: 's1', date: '2026-12-01' }).success).toBe(false);
    expect(TimeOff.safeParse({ id: 't1', first: '2026-12-24', last: '2026-12-26' }).success).toBe(true);
  });

  it('answer the free start times as RFC 3339 with the salon’s offset', () => {
    const starts = freeStarts(everyDay, '2026-03-29', LONDON, 480, []).map((start) => salonDateTime(start, LONDON));
    expect(Availability.parse({ date: '2026-03-29', starts })).toEqual({
      date: '2026-03-29',
      starts: [
        '2026-03-29T09:00:00+01:00',
        '2026-03-29T09:15:00+01:00',
        '2026-03-29T09:30:00+01:00',
        '2026-03-29T09:45:00+01:00',
        '2026-03-29T10:00:00+01:00',
      ],
    });
  });

  it('say the issue’s texts word for word', () => {
    expect(bookTexts.alreadyBooked('sam')).toBe('sam already has an appointment at that time.');
    expect(bookTexts.notWorking('sam')).toBe('sam does not work at that time.');
    expect(bookTexts.offline('09:41')).toBe('You are offline. Showing the calendar as of 09:41.');
  });
});
