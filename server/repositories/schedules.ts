/**
 * Each member's working week and time off (issue 40): what the book's rules read of a member's time (contract/book.ts's
 * Schedule). A member with no working hours has NO_HOURS: they take no appointments.
 */
import type { Kysely } from 'kysely';
import { NO_HOURS, WorkingHours, type MemberSchedule } from '#contract/book';
import type { Database } from '../db/schema.ts';

export function createSchedulesRepository(db: Kysely<Database>) {
  /** The schedules of the members `where` selects, in username order. */
  async function schedulesWhere(username?: string): Promise<MemberSchedule[]> {
    let members = db
      .selectFrom('staff')
      .leftJoin('working_hours', 'working_hours.staff_id', 'staff.id')
      .select(['staff.id', 'staff.username', 'working_hours.hours'])
      .where('staff.disabled_at', 'is', null)
      .orderBy('staff.username');
    if (username !== undefined) members = members.where('staff.username', '=', username);
    const rows = await members.execute();
    if (rows.length === 0) return [];
    const timeOff = await db
      .selectFrom('time_off')
      .select(['id', 'staff_id', 'first_day', 'last_day'])
      .where(
        'staff_id',
        'in',
        rows.map(({ id }) => id),
      )
      .orderBy('first_day')
      .orderBy('id')
      .execute();
    return rows.map(({ id, username: name, hours }) => ({
      username: name,
      hours: hours === null ? NO_HOURS : WorkingHours.parse(JSON.parse(hours)),
      timeOff: timeOff
        .filter(({ staff_id }) => staff_id === id)
        .map(({ id: timeOffId, first_day, last_day }) => ({ id: timeOffId, first: first_day, last: last_day })),
    }));
  }

  return {
    /** Every active member's schedule, in username order. */
    schedules: () => schedulesWhere(),
    /** One active member's schedule; undefined for an unknown or disabled account. */
    scheduleOf: async (username: string): Promise<MemberSchedule | undefined> => (await schedulesWhere(username))[0],
  };
}
