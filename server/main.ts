/**
 * The listening entry: reads the configuration from the environment, builds the app,
 * creates the first staff account when there is none, listens, and shuts down gracefully on
 * SIGTERM or SIGINT (no new connections; requests in flight finish; the database closes).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, type App } from './app.ts';
import { ConfigError, readServerConfig, redactedUrl, type ServerConfig } from './config.ts';
import { shownAddress } from './http/shown-address.ts';

/** A stop that takes longer than this (a stuck request) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfigOrExit(): ServerConfig {
  try {
    return readServerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function stopOnSignals(app: App): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    const timer = setTimeout(() => {
      console.error(`Shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  // A second signal while stopping forces the exit.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  if (config.app.staticDir && !existsSync(join(config.app.staticDir, 'index.html'))) {
    console.error(
      `The SPA is not built: ${join(config.app.staticDir, 'index.html')} is missing. Run npm run build (npm start does it for you).`,
    );
    process.exit(1);
  }

  const app = await buildApp(config.app);
  await app.ready();

  const initial = await app.staffAccounts.ensureInitialAccount(config.initialAccount.username, config.initialAccount.password);
  if (initial.created && initial.generatedPassword) {
    console.info(
      [
        '',
        `No staff account existed: created "${initial.username}" with the password`,
        '',
        `    ${initial.generatedPassword}`,
        '',
        'It is shown only this once. Change it with: npm run staff -- passwd ' + initial.username,
        '',
      ].join('\n'),
    );
  } else if (initial.created) {
    console.info(`No staff account existed: created "${initial.username}" with the password from SALON_ADMIN_PASSWORD.`);
  }

  stopOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.info(`Salon server: ${shownAddress(config.host, port)}`);
  const { database } = config.app;
  console.info(`Data: ${database.kind === 'sqlite' ? database.file : `PostgreSQL at ${redactedUrl(database.url)}`}`);
  console.info(`Salon time zone: ${app.salon.timeZone}`);
  const smtpUrl = config.app.email?.smtpUrl;
  console.info(
    `Email: ${smtpUrl ? `SMTP at ${redactedUrl(smtpUrl)}` : 'not sent (no SMTP_URL): kept in the outbox and printed to the log'}`,
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error('Cause:', error.cause);
  process.exit(1);
});
