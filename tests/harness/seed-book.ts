/**
 * A busy salon's book for the benchmarks (issue 40's figures): 10 members working Monday to Saturday, 08:00–20:00,
 * four services, and 2,000 appointments in one week, each member's day packed from 08:00 with no two of theirs
 * overlapping. Written through the server's own code: the members through the staff repository (the first is the
 * harness's ADMIN, an owner, its password hashed by the server's scrypt, so that the server creates no bootstrap
 * account and the benchmarks sign in as usual), the hours through the schedules repository, the services through the
 * services repository, and every appointment through the appointments repository's `book`: the one a
 * POST /api/appointments runs, which checks the member's hours and leaves the overlap to the database (SQLite's
 * triggers, PostgreSQL's exclusion constraint); each booking is its own transaction, the members' bookings in
 * parallel (10 at a time). A refused booking stops the seeding: the plan has no overlaps.
 */
import { addDays, instantAt, salonDateTime, WEEKDAYS, type WorkingHours } from '#contract/book';
import { hashPassword } from '#server/auth/password.ts';
import { openDatabase, type DatabaseConfig } from '#server/db/database.ts';
import { createAppointmentsRepository } from '#server/repositories/appointments.ts';
import { createSchedulesRepository } from '#server/repositories/schedules.ts';
import { createServicesRepository } from '#server/repositories/services.ts';
import { createStaffRepository, newStaffRow } from '#server/repositories/staff.ts';
import { ADMIN } from './real-server.ts';
import { seedClients } from './seed-clients.ts';

export const BOOK = {
  /** The first is ADMIN (an owner); the others are staff. */
  members: [ADMIN.username, ...Array.from({ length: 9 }, (_, index) => `stylist-${index + 1}`)],
  appointments: 2000,
  clients: 500,
  /** The week's Monday; the members work it and the next five days. */
  monday: '2026-11-30',
  zone: 'Europe/Berlin',
  opens: '08:00',
  closes: '20:00',
} as const;

/** The services the appointments use, in turn; the shortest is the one the availability figure asks for. */
const BOOK_SERVICES = [
  { name: 'Fringe trim', durationMinutes: 15, price: 1200 },
  { name: 'Blow-dry', durationMinutes: 20, price: 2500 },
  { name: 'Brow shaping', durationMinutes: 25, price: 1800 },
] as const;

const WORKING_DAYS = 6;
const MINUTE_MS = 60_000;

/** The week's days the members work: Monday to Saturday. */
export const bookDays = (): string[] => Array.from({ length: WORKING_DAYS }, (_, day) => addDays(BOOK.monday, day));

/** Each member's day of appointments, as starts (minutes after opening) and service indexes: none overlapping. */
export function dayPlan(member: number, day: number): Array<{ minute: number; service: number }> {
  const memberDays = BOOK.members.length * WORKING_DAYS;
  const base = Math.floor(BOOK.appointments / memberDays);
  const count = base + (member * WORKING_DAYS + day < BOOK.appointments - base * memberDays ? 1 : 0);
  const services = Array.from({ length: count }, (_, index) => (index + member + day) % BOOK_SERVICES.length);
  const open = (Number(BOOK.closes.slice(0, 2)) - Number(BOOK.opens.slice(0, 2))) * 60;
  let booked = services.reduce((sum, service) => sum + BOOK_SERVICES[service]!.durationMinutes, 0);
  if (booked > open) throw new Error(`${count} appointments take ${booked} minutes: more than the day's ${open}`);
  const plan: Array<{ minute: number; service: number }> = [];
  let minute = 0;
  for (const [index, service] of services.entries()) {
    plan.push({ minute, service });
    const duration = BOOK_SERVICES[service]!.durationMinutes;
    minute += duration;
    booked -= duration;
    // A five-minute pause every third appointment while the rest still fits.
    if (index % 3 === 2 && minute + 5 + booked <= open) minute += 5;
  }
  return plan;
}

/** Seeds the book into the database (created and migrated when new). Returns the services' ids, in BOOK_SERVICES order. */
export async function seedBook(database: DatabaseConfig): Promise<{ serviceIds: string[] }> {
  await seedClients(database, BOOK.clients);
  const { db } = await openDatabase(database);
  try {
    const now = new Date();
    const at = now.toISOString();
    const staff = createStaffRepository(db);
    const schedules = createSchedulesRepository(db);
    const adminHash = await hashPassword(ADMIN.password);
    const day = { from: BOOK.opens, to: BOOK.closes };
    const hours = Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, weekday === 'sunday' ? null : day])) as WorkingHours;
    for (const [index, username] of BOOK.members.entries()) {
      const owner = index === 0;
      await staff.insert(newStaffRow(crypto.randomUUID(), username, owner ? adminHash : '!no password', owner ? 'owner' : 'staff', at));
      await schedules.setHours(username, hours, at);
    }
    const services = createServicesRepository(db);
    const serviceIds: string[] = [];
    for (const service of BOOK_SERVICES) serviceIds.push((await services.add(service, at)).id);
    const clientIds = (await db.selectFrom('clients').select('id').orderBy('id').execute()).map(({ id }) => id);
    const appointments = createAppointmentsRepository(db, BOOK.zone);
    const writer = { by: ADMIN.username, now };
    await Promise.all(
      BOOK.members.map(async (username, member) => {
        for (const [dayIndex, date] of bookDays().entries()) {
          for (const { minute, service } of dayPlan(member, dayIndex)) {
            const start = instantAt(date, BOOK.opens, BOOK.zone) + minute * MINUTE_MS;
            const outcome = await appointments.book(
              {
                clientId: clientIds[(member * 997 + dayIndex * 89 + minute) % clientIds.length]!,
                serviceId: serviceIds[service]!,
                staff: username,
                start: salonDateTime(start, BOOK.zone),
              },
              writer,
            );
            if (outcome.status !== 'booked') throw new Error(`Booking ${username} on ${date} +${minute} min: ${outcome.status}`);
          }
        }
      }),
    );
    return { serviceIds };
  } finally {
    await db.destroy();
  }
}
