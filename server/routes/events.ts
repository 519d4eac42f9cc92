/** GET /api/events: the change log as Server-Sent Events, live (events/; the session is checked by routes/api.ts). */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { EVENT_STREAM_HEADERS, malformedLastEventIdMessage, parseLastEventId, positionFrame } from '#contract/event-stream';
import { changeEvent } from '../events/event-streams.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

/** Declared for the OpenAPI document; checked by parseLastEventId. Loose: the other headers stay as they are. */
const LastEventIdHeaders = z.looseObject({ 'last-event-id': z.string().optional() });

const MALFORMED_LAST_EVENT_ID = { message: malformedLastEventIdMessage };
const TOO_MANY_FOR_SESSION = { message: 'Too many event streams are open for this session' };
const TOO_MANY_FOR_SERVER = { message: 'Too many event streams are open on this server; try again shortly' };

/** A refused stream may try again after this long (the SPA waits at least as long). */
const RETRY_AFTER_SECONDS = '30';

export const eventRoutes: ZodPlugin = async (app) => {
  /** 400 for a Last-Event-ID that is not ours, 429 or 503 (Retry-After) for a stream too many; undefined when it may open. */
  function refuse(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    if (parseLastEventId(request.headers['last-event-id']) === null) return reply.code(400).send(MALFORMED_LAST_EVENT_ID);
    const refused = app.eventStreams.refusal(request.session?.tokenHash ?? '');
    if (!refused) return undefined;
    return reply
      .code(refused === 'session' ? 429 : 503)
      .header('retry-after', RETRY_AFTER_SECONDS)
      .send(refused === 'session' ? TOO_MANY_FOR_SESSION : TOO_MANY_FOR_SERVER);
  }

  // RFC 9110 section 9.3.2: HEAD answers as GET would, without the content. Its own handler: Fastify's HEAD would
  // run GET's and open a stream only to drop it.
  app.head('/events', { schema: { headers: LastEventIdHeaders } }, async (request, reply) => {
    return refuse(request, reply) ?? reply.headers(EVENT_STREAM_HEADERS).send();
  });

  app.get(
    '/events',
    {
      // HEAD is the route above.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamClientEvents',
        summary: 'The changes of clients, live (Server-Sent Events)',
        description:
          'Each change of the log is one `change` event (a ClientEvent), its `id:` the log’s sequence number; the changes ' +
          'of one import, or of its undo, are one `batch` event ({ seq, count }, its `id:` their last). ' +
          'With `Last-Event-ID`, what was missed since comes first, or one `reset` event when the log cannot replay it. ' +
          'Then `ready` ({ seq }), and the changes as they are committed; a comment line every few seconds. ' +
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
      const { changeFeed, eventStreams } = app;
      const tokenHash = request.session?.tokenHash ?? '';
      const refused = refuse(request, reply);
      if (refused) return refused;
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
        unsubscribe = await changeFeed.subscribe(after, {
          open(missed, position) {
            if (missed === 'reset') stream.write(positionFrame('reset', position));
            else for (const change of missed) stream.write(changeEvent(change));
            stream.write(positionFrame('ready', position));
          },
          change: (change) => stream.write(changeEvent(change)),
        });
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
