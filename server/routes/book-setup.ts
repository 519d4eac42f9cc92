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

  // The session's own hours and time off.
  app.get(
    '/account/hours',
    { schema: { operationId: 'getOwnHours', summary: 'This session’s working hours and time off', response: { 200: MemberSchedule } } },
    async (request, reply) => send(request, reply, await setup.scheduleOf(actor(request))),
  );

  app.put(
    '/account/hours',
    {
      schema: {
        operationId: 'setOwnHours',
        summary: 'Sets this session’s working week: each weekday’s hours, or null on a day off',
        body: WorkingHours,
        response: { 200: MemberSchedule },
      },
    },
    async (request, reply) => send(request, reply, await setup.setHours(actor(request), actor(request), request.body)),
  );

  app.post(
    '/account/time-off',
    {
      schema: {
        operationId: 'addOwnTimeOff',
        summary: 'Adds time off, from its first to its last day (both included), to this session’s',
        body: NewTimeOff,
        response: { 201: TimeOff },
      },
    },
    async (request, reply) => send(request, reply, await setup.addTimeOff(actor(request), actor(request), request.body)),
  );

  app.delete(
    '/account/time-off/:timeOffId',
    {
      schema: {
        operationId: 'removeOwnTimeOff',
        summary: 'Removes one of this session’s time off',
        params: TimeOffParams,
        response: { 204: NO_CONTENT, 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => send(request, reply, await setup.removeTimeOff(actor(request), actor(request), request.params.timeOffId)),
  );

  // Anyone's, for owners.
  app.get(
    '/staff/:username/hours',
    {
      schema: {
        operationId: 'getMemberHours',
        summary: 'A member’s working hours and time off (owner only)',
        params: MemberParams,
        response: { 200: MemberSchedule, 403: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await setup.scheduleOf(request.params.username)),
  );

  app.put(
    '/staff/:username/hours',
    {
      schema: {
        operationId: 'setMemberHours',
        summary: 'Sets a member’s working week (owner only)',
        params: MemberParams,
        body: WorkingHours,
        response: { 200: MemberSchedule, 403: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await setup.setHours(actor(request), request.params.username, request.body)),
  );

  app.post(
    '/staff/:username/time-off',
    {
      schema: {
        operationId: 'addMemberTimeOff',
        summary: 'Adds time off to a member’s (owner only)',
        params: MemberParams,
        body: NewTimeOff,
        response: { 201: TimeOff, 403: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await setup.addTimeOff(actor(request), request.params.username, request.body)),
  );

  app.delete(
    '/staff/:username/time-off/:timeOffId',
    {
      schema: {
        operationId: 'removeMemberTimeOff',
        summary: 'Removes one of a member’s time off (owner only)',
        params: MemberTimeOffParams,
        response: { 204: NO_CONTENT, 403: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const { username, timeOffId } = request.params;
      return send(request, reply, await setup.removeTimeOff(actor(request), username, timeOffId));
    },
  );
};
