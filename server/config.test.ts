import { describe, expect, it } from 'vitest';
import { databaseFileFromUrl, readServerConfig } from './config.ts';

describe('readServerConfig', () => {
  it('has working defaults', () => {
    const config = readServerConfig({}, '/srv/salon');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.app.databaseFile).toBe('/srv/salon/data/salon.db');
    expect(config.app.staticDir).toBe('/srv/salon/dist');
    expect(config.app.trustProxy).toBe(false);
    expect(config.app.publicOrigin).toBeNull();
    expect(config.app.session).toEqual({ idleMinutes: 30, maxHours: 12 });
    expect(config.app.loginThrottle).toEqual({ maxFailuresPerAccount: 5, maxFailuresPerAddress: 20, windowMinutes: 15 });
    expect(config.initialAccount).toEqual({ username: 'admin', password: undefined });
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
        LOG_LEVEL: 'warn',
        SALON_ADMIN_USERNAME: 'owner',
        SALON_ADMIN_PASSWORD: 'long enough',
      },
      '/srv/salon',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      initialAccount: { username: 'owner', password: 'long enough' },
      app: {
        databaseFile: '/var/lib/salon/salon.db',
        trustProxy: true,
        publicOrigin: 'https://salon.example',
        session: { idleMinutes: 15, maxHours: 8 },
        loginThrottle: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 10, windowMinutes: 30 },
        logLevel: 'warn',
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
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY: must be true, false'],
    [{ PUBLIC_ORIGIN: 'https://salon.example/path' }, 'PUBLIC_ORIGIN: must be an origin'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
    [{ SALON_ADMIN_PASSWORD: 'short' }, 'SALON_ADMIN_PASSWORD: must be at least 8 characters'],
    [{ DATABASE_URL: 'postgres://db/salon' }, 'DATABASE_URL: only SQLite files are supported'],
    [{ SESSION_IDLE_MINUTES: '600', SESSION_MAX_HOURS: '2' }, 'SESSION_IDLE_MINUTES: must not be longer than SESSION_MAX_HOURS'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readServerConfig(env, '/x')).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => readServerConfig({ PORT: 'x', LOG_LEVEL: 'loud' }, '/x')).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('accepts trusted proxy addresses', () => {
    expect(readServerConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, '/x').app.trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect(readServerConfig({ TRUST_PROXY: 'loopback' }, '/x').app.trustProxy).toBe('loopback');
  });
});

describe('databaseFileFromUrl', () => {
  it.each([
    ['file:./data/salon.db', '/srv/app/data/salon.db'],
    ['file:data/salon.db', '/srv/app/data/salon.db'],
    ['file:/tmp/salon.db', '/tmp/salon.db'],
    ['file:///tmp/salon.db', '/tmp/salon.db'],
    ['./salon.db', '/srv/app/salon.db'],
    ['/var/lib/salon.db', '/var/lib/salon.db'],
  ])('%s → %s', (url, file) => {
    expect(databaseFileFromUrl(url, '/srv/app')).toBe(file);
  });

  it('refuses a remote file URL', () => {
    expect(() => databaseFileFromUrl('file://server/share/salon.db', '/srv/app')).toThrow('not a local file URL');
  });
});
