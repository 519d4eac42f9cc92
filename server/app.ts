/**
 * Builds the salon's server from a config object: plugins (database, auth, headers,
 * cross-site guard, errors, static SPA) and routes. It does not listen: main.ts does, and
 * tests call `app.inject` on what this returns.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { DEFAULT_CANCEL_HOURS } from '#contract/online-booking';
import {
  DEFAULT_AUDIT_KEEP_DAYS,
  DEFAULT_DELETED_CLIENTS_KEEP_DAYS,
  DEFAULT_EMAIL,
  DEFAULT_EVENTS,
  defaultSalon,
  type AppConfig,
} from './config.ts';
import { appointmentsPlugin } from './plugins/appointments.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { bookPlugin } from './plugins/book.ts';
import { onlineBookingPlugin } from './plugins/online-booking.ts';
import { backgroundTasksPlugin } from './plugins/background-tasks.ts';
import { clientStorePlugin } from './plugins/client-store.ts';
import { liveUpdatesPlugin } from './plugins/live-updates.ts';
import { crossSiteGuard } from './plugins/cross-site-guard.ts';
import { databasePlugin } from './plugins/database.ts';
import { emailPlugin } from './plugins/email.ts';
import { openApi } from './openapi/document.ts';
import { passkeysPlugin } from './plugins/passkeys.ts';
import { BODY_LIMIT_BYTES, MAX_PARAM_LENGTH, errorHandling, sendError } from './plugins/error-handling.ts';
import { clientErrorHandler, requireHost } from './http/client-errors.ts';
import { lingeringClose } from './http/lingering-close.ts';
import { CompactRequestLog } from './http/compact-request-log.ts';
import { methodNotAllowed } from './http/method-not-allowed.ts';
import { timeoutOptions } from './http/timeouts.ts';
import { applySecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { staticSite } from './plugins/static-site.ts';
import { apiRoutes } from './routes/api.ts';
import { authRoutes } from './routes/auth.ts';
import { passkeySignInRoutes } from './routes/passkey-sign-in.ts';
import { healthRoutes } from './routes/health.ts';
import { welcomeRoutes } from './routes/welcome.ts';
import { prettyLogStream } from './terminal-log.ts';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from './zod-type-provider.ts';

async function loggerOptions(config: AppConfig): Promise<FastifyServerOptions['logger']> {
  // Tests capture the logs; a person at a terminal reads them (terminal-log.ts); anything else gets JSON.
  const stream = config.logStream ?? (process.stdout.isTTY ? await prettyLogStream() : undefined);
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Fastify's request serializer logs no headers or bodies; these paths are a second lock.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'body.password',
        'req.body.password',
        'password',
        'body.currentPassword',
        'body.newPassword',
      ],
      censor: '[redacted]',
    },
  };
}

/** The 503 to a request that arrives while the server stops. */
const SERVER_STOPPING = 'The server is restarting. Try again in a moment.';

export async function buildApp(config: AppConfig) {
  const clock = config.clock ?? Date.now;
  const timeouts = timeoutOptions(config.connectionTimeouts);
  const app = Fastify({
    logger: await loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Every request gets an unguessable id: it is in the log and in a 500's body.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One line per response, at a level that depends on its status (http/compact-request-log.ts).
    logController: new CompactRequestLog(),
    // Long enough that any over-long client id gets a 400 from the contract's ClientId check; longer, 414.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A malformed URL (bad percent-encoding) is a 400 like any other bad input. These
    // replies are made before routing, without hooks, hence the explicit headers.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply);
      sendError(error, request, reply);
    },
    // Slow and idle clients are cut off (http/timeouts.ts).
    ...timeouts,
    // Node would refuse a Host-less HTTP/1.1 request itself, without our headers: requireHost does.
    http: { ...timeouts.http, requireHostHeader: false },
    // While the server stops, a request on a kept-alive connection gets our 503 (below), not Fastify's bare one.
    return503OnClosing: false,
    // What Node cannot parse, or receives too slowly, gets our headers too.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted (the cross-site guard responds 415 first; this is the second lock).
  app.removeContentTypeParser('text/plain');

  await app.register(securityHeaders);
  // An over-limit body's 413 reaches a client still sending it (http/lingering-close.ts).
  await app.register(lingeringClose);
  // Stopping (SIGTERM): a request that still arrives is refused like every answer of ours, with the security headers,
  // { message } and Retry-After; Fastify closes its connection (Connection: close).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!stopping) return done();
    void reply.code(503).header('retry-after', '1').send({ message: SERVER_STOPPING });
  });
  await app.register(errorHandling);
  await app.register(requireHost);
  await app.register(crossSiteGuard, { publicOrigin: config.publicOrigin });
  await app.register(backgroundTasksPlugin);
  const { replayLimit, watchIntervalMs, ...limits } = { ...DEFAULT_EVENTS, ...config.events };
  await app.register(databasePlugin, { database: config.database, watchIntervalMs });
  await app.register(authPlugin, {
    session: config.session,
    loginThrottle: config.loginThrottle,
    passwordHashing: config.passwordHashing,
    clock,
  });
  await app.register(passkeysPlugin, { publicOrigin: config.publicOrigin, clock });
  await app.register(auditPlugin, { clock, keepDays: config.auditKeepDays ?? DEFAULT_AUDIT_KEEP_DAYS });
  await app.register(clientStorePlugin, {
    clock,
    deletedClientsKeepDays: config.deletedClientsKeepDays ?? DEFAULT_DELETED_CLIENTS_KEEP_DAYS,
  });

  await app.register(bookPlugin, { salon: config.salon ?? defaultSalon(), clock });
  await app.register(appointmentsPlugin, { clock });
  await app.register(emailPlugin, { email: config.email ?? DEFAULT_EMAIL });
  await app.register(onlineBookingPlugin, {
    clock,
    cancelHours: config.cancelHours ?? DEFAULT_CANCEL_HOURS,
    publicOrigin: config.publicOrigin,
  });

  await app.register(liveUpdatesPlugin, { limits, replayLimit });

  await app.register(openApi);
  await app.register(methodNotAllowed);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(passkeySignInRoutes);
  await app.register(welcomeRoutes);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(staticSite, { staticDir: config.staticDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
