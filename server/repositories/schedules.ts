/**
 * Each member's working week and time off (issue 40): what the book's rules read of a member's time (contract/book.ts's
 * Schedule). A member with no working hours has NO_HOURS: they take no appointments.
 */
import type { Kysely } from 'kysely';
import { NO_HOURS, WorkingHours, type MemberSchedule, type NewTimeOff, type TimeOff } from '#contract/book';
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

  const scheduleOf = async (username: string): Promise<MemberSchedule | undefined> => (await schedulesWhere(username))[0];

  /** The id of an active member's account; undefined for an unknown or disabled one. */
  async function memberId(username: string): Promise<string | undefined> {
    const member = await db
      .selectFrom('staff')
      .select('id')
      .where('username', '=', username)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return member?.id;
  }

  return {
    /** Every active member's schedule, in username order. */
    schedules: () => schedulesWhere(),
    /** One active member's schedule; undefined for an unknown or disabled account. */
    scheduleOf,
    /** Sets an active member's working week; their schedule after it, or undefined for an unknown or disabled account. */
    async setHours(username: string, hours: WorkingHours, at: string): Promise<MemberSchedule | undefined> {
      const staffId = await memberId(username);
      if (staffId === undefined) return undefined;
      const row = { staff_id: staffId, hours: JSON.stringify(hours), updated_at: at };
      await db
        .insertInto('working_hours')
        .values(row)
        .onConflict((conflict) => conflict.column('staff_id').doUpdateSet({ hours: row.hours, updated_at: at }))
        .execute();
      return scheduleOf(username);
    },
    /** Adds time off to an active member's; undefined for an unknown or disabled account. */
    async addTimeOff(username: string, { first, last }: NewTimeOff, at: string): Promise<TimeOff | undefined> {
      const staffId = await memberId(username);
      if (staffId === undefined) return undefined;
      const id = crypto.randomUUID();
      await db.insertInto('time_off').values({ id, staff_id: staffId, first_day: first, last_day: last, created_at: at }).execute();
      return { id, first, last };
    },
    /** Removes one of an active member's time off: what it was; undefined when they have none by that id. */
    async removeTimeOff(username: string, timeOffId: string): Promise<TimeOff | 'no-member' | undefined> {
      const staffId = await memberId(username);
      if (staffId === undefined) return 'no-member';
      const removed = await db
        .deleteFrom('time_off')
        .where('id', '=', timeOffId)
        .where('staff_id', '=', staffId)
        .returning(['id', 'first_day', 'last_day'])
        .executeTakeFirst();
      return removed && { id: removed.id, first: removed.first_day, last: removed.last_day };
    },
  };
}
