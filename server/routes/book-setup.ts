/**
 * The book's setup (issue 40): the salon's settings, the services (owners manage them), and working hours and time off,
 * each member's own and, for owners, anyone's. The answers are contract/book-setup.ts's, the mock's too.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import {
  MemberSchedule,
  NewTimeOff,
  Salon,
  Service,
  ServiceFields,
  ServiceId,
  ServiceList,
  ScheduleList,
  TimeOff,
  WorkingHours,
} from '#contract/book';
import { salonAnswer } from '#contract/book-setup';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

const ServiceParams = z.object({ serviceId: ServiceId });
const TimeOffParams = z.object({ timeOffId: z.string().max(64) });
const MemberParams = z.object({ username: z.string().max(64) });
const MemberTimeOffParams = MemberParams.extend(TimeOffParams.shape);
const NO_PARAMS = z.object({});

const actor = (request: FastifyRequest) => request.session!.username;
const NO_CONTENT = z.undefined();

export const bookSetupRoutes: ZodPlugin = async (app) => {
  const setup = app.bookSetup;
  const send = sendAnswered.bind(null, app);

  app.get(
    '/salon',
    {
      schema: {
        operationId: 'getSalon',
        summary: 'The salon’s time zone (SALON_TIME_ZONE) and currency (SALON_CURRENCY), no session needed',
        response: { 200: Salon },
      },
    },
    async (request, reply) => send(request, reply, salonAnswer(app.salon)),
  );

  app.get(
    '/services',
    {
      schema: {
        operationId: 'listServices',
        summary: 'Every service, removed ones too (`removed`), in name order',
        response: { 200: ServiceList },
      },
    },
    async (request, reply) => send(request, reply, await setup.listServices()),
  );

  app.post(
    '/services',
    {
      schema: {
        operationId: 'addService',
        summary: 'Adds a service (owner only); its price in minor units of the salon’s currency',
        body: ServiceFields,
        response: { 201: Service, 403: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await setup.addService(actor(request), request.body)),
  );

  app.put(
    '/services/:serviceId',
    {
      schema: {
        operationId: 'changeService',
        summary: 'Changes a service’s name, duration and price (owner only)',
        params: ServiceParams,
        body: ServiceFields,
        response: { 200: Service, 403: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await setup.changeService(actor(request), request.params.serviceId, request.body)),
  );

  app.delete(
    '/services/:serviceId',
    {
      schema: {
        operationId: 'removeService',
        summary: 'Removes a service (owner only): no longer offered, it stays listed (`removed`) and on its appointments',
        params: ServiceParams,
        response: { 204: NO_CONTENT, 403: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => send(request, reply, await setup.removeService(actor(request), request.params.serviceId)),
  );

  app.get(
    '/schedules',
    {
      schema: {
        operationId: 'listSchedules',
        summary: 'Every active member’s working hours and time off, in username order',
        response: { 200: ScheduleList },
      },
    },
    async (request, reply) => send(request, reply, await setup.listSchedules()),
  );

  hoursRoutes(app, {
    path: '/account',
    memberOf: actor,
    params: NO_PARAMS,
    timeOffParams: TimeOffParams,
    refusals: {},
    operations: {
      get: ['getOwnHours', 'This session’s working hours and time off'],
      set: ['setOwnHours', 'Sets this session’s working week: each weekday’s hours, or null on a day off'],
      addTimeOff: ['addOwnTimeOff', 'Adds time off, from its first to its last day (both included), to this session’s'],
      removeTimeOff: ['removeOwnTimeOff', 'Removes one of this session’s time off'],
    },
  });

  hoursRoutes(app, {
    path: '/staff/:username',
    memberOf: (request) => MemberParams.parse(request.params).username,
    params: MemberParams,
    timeOffParams: MemberTimeOffParams,
    refusals: { 403: ApiErrorBody, 404: ApiErrorBody },
    operations: {
      get: ['getMemberHours', 'A member’s working hours and time off (owner only)'],
      set: ['setMemberHours', 'Sets a member’s working week (owner only)'],
      addTimeOff: ['addMemberTimeOff', 'Adds time off to a member’s (owner only)'],
      removeTimeOff: ['removeMemberTimeOff', 'Removes one of a member’s time off (owner only)'],
    },
  });
};

/** Whose hours a set of routes sets: the session's own (/account) or, for owners, anyone's (/staff/:username). */
interface HoursOwner {
  path: '/account' | '/staff/:username';
  memberOf: (request: FastifyRequest) => string;
  params: typeof MemberParams | typeof NO_PARAMS;
  timeOffParams: typeof MemberTimeOffParams | typeof TimeOffParams;
  /** An owner-only route's 403, and the 404 of a username no member has. */
  refusals: { 403?: typeof ApiErrorBody; 404?: typeof ApiErrorBody };
  /** Each route's operationId and summary. */
  operations: Record<'get' | 'set' | 'addTimeOff' | 'removeTimeOff', [string, string]>;
}

/** A member's working hours and time off, the same four routes for the session's own and for anyone's. */
function hoursRoutes(app: Parameters<ZodPlugin>[0], owner: HoursOwner) {
  const setup = app.bookSetup;
  const send = sendAnswered.bind(null, app);
  const { path, memberOf, params, timeOffParams, refusals, operations } = owner;
  const operation = ([operationId, summary]: [string, string]) => ({ operationId, summary });

  app.get(
    `${path}/hours`,
    { schema: { ...operation(operations.get), params, response: { 200: MemberSchedule, ...refusals } } },
    async (request, reply) => send(request, reply, await setup.scheduleOf(memberOf(request))),
  );

  app.put(
    `${path}/hours`,
    { schema: { ...operation(operations.set), params, body: WorkingHours, response: { 200: MemberSchedule, ...refusals } } },
    async (request, reply) => send(request, reply, await setup.setHours(actor(request), memberOf(request), request.body)),
  );

  app.post(
    `${path}/time-off`,
    { schema: { ...operation(operations.addTimeOff), params, body: NewTimeOff, response: { 201: TimeOff, ...refusals } } },
    async (request, reply) => send(request, reply, await setup.addTimeOff(actor(request), memberOf(request), request.body)),
  );

  app.delete(
    `${path}/time-off/:timeOffId`,
    {
      schema: {
        ...operation(operations.removeTimeOff),
        params: timeOffParams,
        response: { 204: NO_CONTENT, ...refusals, 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => send(request, reply, await setup.removeTimeOff(actor(request), memberOf(request), request.params.timeOffId)),
  );
}
