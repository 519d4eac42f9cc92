/**
 * The book's setup (issue 40), its answers written once for the server's routes and the mock's handlers
 * (docs/decisions/036-answers-written-once.md): the salon's settings, the services, and each member's working hours and
 * time off. The stores are the server's repositories (server/repositories/{services,schedules}.ts), on the server's
 * database or, in the mock, on sql.js (decision 037). Every write is in the audit trail.
 */
import type { MemberSchedule, NewTimeOff, Salon, Service, ServiceFields, TimeOff, WorkingHours } from './book.ts';
import { NO_STORE, refusal, uncached, type Answered, type AuditRecord } from './http.ts';
import { NO_SUCH_ACCOUNT, normalizeUsername } from './team.ts';

export const NO_SUCH_SERVICE = 'No service has that id.';
export const NO_SUCH_TIME_OFF = 'This account has no such time off.';

/** What the setup's operations read and write: the server's repositories. */
export type BookSetupStore = {
  services: {
    list(): Promise<Service[]>;
    add(fields: ServiceFields, at: string): Promise<Service>;
    update(id: string, fields: ServiceFields): Promise<Service | undefined>;
    /** Marks it removed; `removedNow` false when it was already. */
    remove(id: string, at: string): Promise<{ service: Service; removedNow: boolean } | undefined>;
  };
  schedules: {
    schedules(): Promise<MemberSchedule[]>;
    scheduleOf(username: string): Promise<MemberSchedule | undefined>;
    setHours(username: string, hours: WorkingHours, at: string): Promise<MemberSchedule | undefined>;
    addTimeOff(username: string, timeOff: NewTimeOff, at: string): Promise<TimeOff | undefined>;
    removeTimeOff(username: string, timeOffId: string): Promise<TimeOff | 'no-member' | undefined>;
  };
};

const NO_CONTENT = { status: 204, body: undefined } as const;
const noSuchMember = () => refusal(404, NO_SUCH_ACCOUNT);

/** A week in the trail's words: "tuesday 09:00–18:00, saturday 10:00–14:00", or "none". */
function hoursDetail(hours: WorkingHours): string {
  const days = Object.entries(hours).flatMap(([day, time]) => (time ? [`${day} ${time.from}–${time.to}`] : []));
  return days.length > 0 ? days.join(', ') : 'none';
}

const timeOffDetail = ({ first, last }: NewTimeOff) => (first === last ? first : `${first} to ${last}`);

/** GET /api/salon: the salon's time zone and currency, as the server was started with (or the mock set). */
export const salonAnswer = (salon: Salon): Answered<Salon> => ({ status: 200, body: salon });

export function createBookSetup({ services, schedules }: BookSetupStore, clock: () => number = Date.now) {
  const nowIso = () => new Date(clock()).toISOString();
  const serviceEntry = (kind: 'service-added' | 'service-changed' | 'service-removed', actor: string, service: Service): AuditRecord => ({
    kind,
    actor,
    subject: service.id,
    detail: service.name,
  });

  return {
    /** GET /api/services: every service, removed ones too, in name order. */
    listServices: async (): Promise<Answered<Service[]>> => uncached(await services.list()),

    /** POST /api/services (owners). */
    async addService(actor: string, fields: ServiceFields): Promise<Answered<Service>> {
      const service = await services.add(fields, nowIso());
      return { status: 201, body: service, audit: [serviceEntry('service-added', actor, service)] };
    },

    /** PUT /api/services/:serviceId (owners). */
    async changeService(actor: string, id: string, fields: ServiceFields): Promise<Answered> {
      const service = await services.update(id, fields);
      if (!service) return refusal(404, NO_SUCH_SERVICE);
      return { status: 200, body: service, audit: [serviceEntry('service-changed', actor, service)] };
    },

    /** DELETE /api/services/:serviceId (owners): marked removed, it stays on the appointments that name it. Again: 204. */
    async removeService(actor: string, id: string): Promise<Answered> {
      const removed = await services.remove(id, nowIso());
      if (!removed) return refusal(404, NO_SUCH_SERVICE);
      return { ...NO_CONTENT, audit: removed.removedNow ? [serviceEntry('service-removed', actor, removed.service)] : [] };
    },

    /** GET /api/schedules: every active member's hours and time off. */
    listSchedules: async (): Promise<Answered<MemberSchedule[]>> => uncached(await schedules.schedules()),

    /** GET /api/account/hours, GET /api/staff/:username/hours. */
    async scheduleOf(username: string): Promise<Answered> {
      const schedule = await schedules.scheduleOf(normalizeUsername(username));
      return schedule ? { status: 200, body: schedule, headers: NO_STORE } : noSuchMember();
    },

    /** PUT /api/account/hours, PUT /api/staff/:username/hours: `actor` sets `username`'s week. */
    async setHours(actor: string, username: string, hours: WorkingHours): Promise<Answered> {
      const schedule = await schedules.setHours(normalizeUsername(username), hours, nowIso());
      if (!schedule) return noSuchMember();
      const audit: AuditRecord[] = [{ kind: 'hours-changed', actor, subject: schedule.username, detail: hoursDetail(hours) }];
      return { status: 200, body: schedule, audit };
    },

    /** POST /api/account/time-off, POST /api/staff/:username/time-off. */
    async addTimeOff(actor: string, username: string, timeOff: NewTimeOff): Promise<Answered> {
      const member = normalizeUsername(username);
      const added = await schedules.addTimeOff(member, timeOff, nowIso());
      if (!added) return noSuchMember();
      return { status: 201, body: added, audit: [{ kind: 'time-off-added', actor, subject: member, detail: timeOffDetail(added) }] };
    },

    /** DELETE /api/account/time-off/:timeOffId, DELETE /api/staff/:username/time-off/:timeOffId. */
    async removeTimeOff(actor: string, username: string, timeOffId: string): Promise<Answered> {
      const member = normalizeUsername(username);
      const removed = await schedules.removeTimeOff(member, timeOffId);
      if (removed === 'no-member') return noSuchMember();
      if (!removed) return refusal(404, NO_SUCH_TIME_OFF);
      return { ...NO_CONTENT, audit: [{ kind: 'time-off-removed', actor, subject: member, detail: timeOffDetail(removed) }] };
    },
  };
}
export type BookSetup = ReturnType<typeof createBookSetup>;
