/**
 * GET /api/events: the change log as Server-Sent Events, live, and the book's events (events/; the session is checked by
 * routes/api.ts).
 */
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { EVENT_STREAM_HEADERS, lastEventIdOf, parseLastEventId } from '#contract/event-stream';
import { refusal, type Answered } from '#contract/http';
import { subscribeStream } from '../events/stream-feeds.ts';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

/** Declared for the OpenAPI document; checked by lastEventIdOf. Loose: the other headers stay as they are. */
const LastEventIdHeaders = z.looseObject({ 'last-event-id': z.string().optional() });

const TOO_MANY_FOR_SESSION = 'Too many event streams are open for this session';
const TOO_MANY_FOR_SERVER = 'Too many event streams are open on this server; try again shortly';

/** A refused stream may try again after this long (the SPA waits at least as long). */
const RETRY_AFTER_SECONDS = '30';

export const eventRoutes: ZodPlugin = async (app) => {
  /** 400 for a Last-Event-ID that is not ours, 429 or 503 (Retry-After) for a stream too many; undefined when it may open. */
  function refusalOf(request: FastifyRequest): Answered | undefined {
    const after = lastEventIdOf(request.headers['last-event-id']);
    if (typeof after === 'object') return after;
    const refused = app.eventStreams.refusal(request.session?.tokenHash ?? '');
    const headers = { 'retry-after': RETRY_AFTER_SECONDS };
    if (refused === 'session') return refusal(429, TOO_MANY_FOR_SESSION, headers);
    return refused ? refusal(503, TOO_MANY_FOR_SERVER, headers) : undefined;
  }

  // RFC 9110 section 9.3.2: HEAD answers as GET would, without the content. Its own handler: Fastify's HEAD would
  // run GET's and open a stream only to drop it.
  app.head('/events', { schema: { headers: LastEventIdHeaders } }, async (request, reply) => {
    const refused = refusalOf(request);
    return refused ? sendAnswered(app, request, reply, refused) : reply.headers(EVENT_STREAM_HEADERS).send();
  });

  app.get(
    '/events',
    {
      // HEAD is the route above.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamClientEvents',
        summary: 'The changes of clients and appointments, live (Server-Sent Events)',
        description:
          'Each change of the log is one `change` event (a ClientEvent), its `id:` the log’s sequence number; the changes ' +
          'of one import, or of its undo, are one `batch` event ({ seq, count }, its `id:` their last). ' +
          'With `Last-Event-ID`, what was missed since comes first, or one `reset` event when the log cannot replay it. ' +
          'Then `ready` ({ seq }), and the changes as they are committed; a comment line every few seconds. ' +
          'Each booking, move, cancellation or undo of one is an `appointment` event ({ appointmentId, kind, by, at }), ' +
          'live only and without an `id:` (Last-Event-ID stays the clients’ log position): after a reconnection, ' +
          'what the screen shows of the book is asked for again. ' +
          'The stream ends with its session; when it was ended elsewhere (the account disabled or signed out by an owner, ' +
          'another device, the time-out), after a last `ended` event.',
        headers: LastEventIdHeaders,
        response: {
          200: z.string().meta({ contentMediaType: 'text/event-stream' }),
          400: ApiErrorBody,
          429: ApiErrorBody,
          503: ApiErrorBody,
        },
        responseHeaders: { 429: { 'Retry-After': true }, 503: { 'Retry-After': true } },
      },
    },
    async (request, reply) => {
      const { changeFeed, appointmentFeed, eventStreams } = app;
      const tokenHash = request.session?.tokenHash ?? '';
      const refused = refusalOf(request);
      if (refused) return sendAnswered(app, request, reply, refused);
      const after = parseLastEventId(request.headers['last-event-id']) ?? undefined;

      const body = new PassThrough();
      const stream = eventStreams.add(tokenHash, {
        write: (text) => body.write(text),
        buffered: () => body.writableLength + body.readableLength + reply.raw.writableLength,
        end: () => body.end(),
        destroy: () => reply.raw.destroy(),
      });
      let unsubscribe: () => void;
      try {
        unsubscribe = await subscribeStream({ clients: changeFeed, appointments: appointmentFeed }, after, stream.write);
      } catch (error) {
        stream.close();
        throw error;
      }
      reply.raw.on('close', () => {
        unsubscribe();
        stream.close();
      });
      return reply.headers(EVENT_STREAM_HEADERS).send(body);
    },
  );
};
