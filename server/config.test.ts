import { describe, expect, it } from 'vitest';
import { databaseFromUrl, DEFAULT_EMAIL, readServerConfig, redactedUrl } from './config.ts';
import { DEFAULT_CONNECTION_TIMEOUTS } from './http/timeouts.ts';

describe('readServerConfig', () => {
  it('has working defaults', () => {
    const config = readServerConfig({}, '/srv/salon');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.app.database).toEqual({ kind: 'sqlite', file: '/srv/salon/data/salon.db' });
    expect(config.app.staticDir).toBe('/srv/salon/dist');
    expect(config.app.trustProxy).toBe(false);
    expect(config.app.publicOrigin).toBeNull();
    expect(config.app.session).toEqual({ idleMinutes: 30, maxHours: 12 });
    expect(config.app.loginThrottle).toEqual({ maxFailuresPerAccount: 5, maxFailuresPerAddress: 20, windowMinutes: 15 });
    expect(config.initialAccount).toEqual({ username: 'admin', password: undefined });
    expect(config.app.deletedClientsKeepDays).toBe(30);
    expect(config.app.auditKeepDays).toBe(365);
    expect(config.app.connectionTimeouts).toEqual(DEFAULT_CONNECTION_TIMEOUTS);
    // The book's: the server's own time zone, and euros.
    expect(config.app.salon).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, currency: 'EUR' });
    // No SMTP_URL: the emails stay in the outbox and are printed to the log.
    expect(config.app.email).toEqual(DEFAULT_EMAIL);
  });

  it('shortens the headers time-out for a test, never lengthens it', () => {
    expect(readServerConfig({ SALON_TEST_HEADERS_TIMEOUT_MS: '2000' }, '/x').app.connectionTimeouts).toEqual({
      ...DEFAULT_CONNECTION_TIMEOUTS,
      headersMs: 2000,
    });
    expect(() => readServerConfig({ SALON_TEST_HEADERS_TIMEOUT_MS: '60000' }, '/x')).toThrow(
      /SALON_TEST_HEADERS_TIMEOUT_MS: must be a whole number from 500 to 10000/,
    );
  });

  it('reads every variable', () => {
    const config = readServerConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'file:/var/lib/salon/salon.db',
        TRUST_PROXY: 'true',
        PUBLIC_ORIGIN: 'https://salon.example/',
        SESSION_IDLE_MINUTES: '15',
        SESSION_MAX_HOURS: '8',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '10',
        LOGIN_WINDOW_MINUTES: '30',
        DELETED_CLIENTS_KEEP_DAYS: '7',
        AUDIT_KEEP_DAYS: '30',
        LOG_LEVEL: 'warn',
        SALON_ADMIN_USERNAME: 'owner',
        SALON_ADMIN_PASSWORD: 'a long enough passphrase',
        SALON_TIME_ZONE: 'America/New_York',
        SALON_CURRENCY: 'GBP',
        SMTP_URL: 'smtps://salon:secret@mail.example:465',
        MAIL_FROM: 'Your Beauty Salon <bookings@salon.example>',
        SALON_ADDRESS: 'Rua Augusta 1, Lisbon',
      },
      '/srv/salon',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      initialAccount: { username: 'owner', password: 'a long enough passphrase' },
      app: {
        database: { kind: 'sqlite', file: '/var/lib/salon/salon.db' },
        trustProxy: true,
        publicOrigin: 'https://salon.example',
        session: { idleMinutes: 15, maxHours: 8 },
        loginThrottle: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 10, windowMinutes: 30 },
        deletedClientsKeepDays: 7,
        auditKeepDays: 30,
        logLevel: 'warn',
        salon: { timeZone: 'America/New_York', currency: 'GBP' },
        email: {
          smtpUrl: 'smtps://salon:secret@mail.example:465',
          from: 'Your Beauty Salon <bookings@salon.example>',
          address: 'Rua Augusta 1, Lisbon',
        },
      },
    });
  });

  it('treats empty variables as unset', () => {
    expect(readServerConfig({ PORT: '', DATABASE_URL: '' }, '/x').port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT: must be a whole number from 0 to 65535'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES: must be a whole number'],
    [{ DELETED_CLIENTS_KEEP_DAYS: '0' }, 'DELETED_CLIENTS_KEEP_DAYS: must be a whole number from 1 to 3650'],
    // The databases refuse to remove a younger audit entry (MIN_AUDIT_KEEP_DAYS).
    [{ AUDIT_KEEP_DAYS: '29' }, 'AUDIT_KEEP_DAYS: must be a whole number from 30 to 36500'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY: must be true, false'],
    [{ PUBLIC_ORIGIN: 'https://salon.example/path' }, 'PUBLIC_ORIGIN: must be an origin'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
    [{ SALON_TIME_ZONE: 'Europe/Nowhere' }, 'SALON_TIME_ZONE: Use an IANA time zone such as Europe/London.'],
    [{ SALON_CURRENCY: 'euro' }, 'SALON_CURRENCY: Use an ISO 4217 currency code such as EUR.'],
    [{ SALON_ADMIN_PASSWORD: 'short' }, 'SALON_ADMIN_PASSWORD: Use at least 12 characters.'],
    [{ SALON_ADMIN_PASSWORD: 'passwordpassword' }, 'SALON_ADMIN_PASSWORD: This password is too common. Choose another.'],
    [{ DATABASE_URL: 'mysql://db/salon' }, 'DATABASE_URL: must be a SQLite file (file:./data/salon.db or a path) or a PostgreSQL URL'],
    [{ DATABASE_URL: 'postgres://db.example' }, 'DATABASE_URL: a PostgreSQL URL needs a host and a database'],
    [{ DATABASE_URL: 'postgres://db/salon', DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE: must be a whole number from 1 to 1000'],
    [{ DATABASE_URL: 'postgres://db/salon', DATABASE_CONNECT_TIMEOUT_MS: 'soon' }, 'DATABASE_CONNECT_TIMEOUT_MS: must be a whole number'],
    [
      { DATABASE_URL: 'postgres://db/salon', DATABASE_STATEMENT_TIMEOUT_MS: '5' },
      'DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number from 100',
    ],
    [{ SMTP_URL: 'https://mail.example' }, 'SMTP_URL: must be an SMTP URL like smtps://user:password@mail.example:465'],
    [{ SMTP_URL: 'smtp mail.example' }, 'SMTP_URL: must be an SMTP URL'],
    [{ MAIL_FROM: 'Your Beauty Salon' }, 'MAIL_FROM: must be an email address, or a name and an address'],
    [{ MAIL_FROM: 'Salon <salon@example.com' }, 'MAIL_FROM: must be an email address'],
    [{ SALON_ADDRESS: 'x'.repeat(201) }, 'SALON_ADDRESS: must be at most 200 characters'],
    [{ SESSION_IDLE_MINUTES: '600', SESSION_MAX_HOURS: '2' }, 'SESSION_IDLE_MINUTES: must not be longer than SESSION_MAX_HOURS'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readServerConfig(env, '/x')).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => readServerConfig({ PORT: 'x', LOG_LEVEL: 'loud' }, '/x')).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('reads a PostgreSQL URL and its pool settings', () => {
    const env = {
      DATABASE_URL: 'postgresql://salon:secret@db.internal:5432/salon',
      DATABASE_POOL_SIZE: '20',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '15000',
    };
    expect(readServerConfig(env, '/x').app.database).toEqual({
      kind: 'postgres',
      url: 'postgresql://salon:secret@db.internal:5432/salon',
      poolSize: 20,
      connectTimeoutMs: 2000,
      statementTimeoutMs: 15_000,
    });
    expect(readServerConfig({ DATABASE_URL: 'postgres://db/salon' }, '/x').app.database).toMatchObject({
      poolSize: 10,
      connectTimeoutMs: 3000,
      statementTimeoutMs: 10_000,
    });
  });

  it('accepts trusted proxy addresses', () => {
    expect(readServerConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, '/x').app.trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect(readServerConfig({ TRUST_PROXY: 'loopback' }, '/x').app.trustProxy).toBe('loopback');
  });
});

describe('databaseFromUrl', () => {
  it.each([
    ['file:./data/salon.db', '/srv/app/data/salon.db'],
    ['file:data/salon.db', '/srv/app/data/salon.db'],
    ['file:/tmp/salon.db', '/tmp/salon.db'],
    ['file:///tmp/salon.db', '/tmp/salon.db'],
    ['./salon.db', '/srv/app/salon.db'],
    ['/var/lib/salon.db', '/var/lib/salon.db'],
  ])('%s → %s', (url, file) => {
    expect(databaseFromUrl(url, '/srv/app')).toEqual({ kind: 'sqlite', file });
  });

  it('refuses a remote file URL', () => {
    expect(() => databaseFromUrl('file://server/share/salon.db', '/srv/app')).toThrow('not a local file URL');
  });

  it('never prints a PostgreSQL password', () => {
    expect(redactedUrl('postgres://salon:s3cret@db:5432/salon')).toBe('postgres://salon:***@db:5432/salon');
  });
});
