/**
 * Fastify's request log as one line per response, written when it says something: 400 and up at info, the rest
 * at debug (`LOG_LEVEL=debug`: an access log). Two lines per request cost more than a small response.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every response of this route at debug, whatever its status (the health check, which monitors poll). */
    quietLog?: boolean;
    /** The path carries a secret (a sign-in link's token): the log names the route, never the URL. */
    secretInPath?: boolean;
  }
}

const ACCESS_LOG_LEVELS = new Set(['debug', 'trace']);

export class CompactRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (!error && status < 400 && !ACCESS_LOG_LEVELS.has(request.log.level)) return;
    const url = request.routeOptions.config.secretInPath ? (request.routeOptions.url ?? '') : request.url;
    const line = { method: request.method, url, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (status >= 400 && !request.routeOptions.config.quietLog) request.log.info(line, 'request answered');
    else request.log.debug(line, 'request answered');
  }
}
