/**
 * A real SMTP server on 127.0.0.1 and a free port for the email tests and the benchmark (smtp-server), reading what
 * arrives with mailparser. It can be stopped and started again on its port (an outage), refuse the next messages
 * with a given reply (4xx/5xx), or hold its acceptance of a message for a while (a send under way).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_USER = { user: 'salon', pass: 'mail password' } as const;

export type TestSmtpServer = {
  /** smtp://user:password@127.0.0.1:port */
  url: string;
  /** The messages accepted so far, parsed, in order of arrival, with when each was accepted (performance.now()). */
  received: Array<{ mail: ParsedMail; at: number }>;
  /** Replies `code` to the next `times` messages instead of accepting them. */
  refuseNext(code: number, times?: number): void;
  /** Holds each message this long before accepting it; `started` runs when one begins to arrive. */
  holdAcceptance(ms: number, started?: () => void): void;
  /** Resolves once `count` messages were accepted in all; rejects after `timeoutMs`. */
  arrived(count: number, timeoutMs?: number): Promise<void>;
  /** Stops listening (the server is down) until `start()`. */
  stop(): Promise<void>;
  /** Listens again, on the same port. */
  start(): Promise<void>;
};

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: TestSmtpServer['received'] = [];
  const refusals: number[] = [];
  let hold = { ms: 0, started: () => {} };
  let waiters: Array<() => void> = [];

  const create = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      disableReverseLookup: true,
      // An outage closes at once: the sessions still open are cut.
      closeTimeout: 100,
      onAuth({ username, password }, _session, callback) {
        if (username === SMTP_USER.user && password === SMTP_USER.pass) callback(null, { user: username });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData(stream, _session, callback) {
        const refusal = refusals.shift();
        if (refusal !== undefined) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error(`Refused (${refusal})`), { responseCode: refusal })));
          return;
        }
        hold.started();
        simpleParser(stream).then(
          (mail) =>
            setTimeout(() => {
              received.push({ mail, at: performance.now() });
              for (const wake of waiters) wake();
              callback();
            }, hold.ms),
          (error: Error) => callback(error),
        );
      },
    });

  let server = create();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${SMTP_USER.user}:${encodeURIComponent(SMTP_USER.pass)}@127.0.0.1:${port}`,
    received,
    refuseNext(code, times = 1) {
      for (let turn = 0; turn < times; turn += 1) refusals.push(code);
    },
    holdAcceptance(ms, started = () => {}) {
      hold = { ms, started };
    },
    arrived(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error(`${received.length} of ${count} emails arrived in ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timeout);
          waiters = waiters.filter((waiter) => waiter !== check);
          resolve();
        };
        waiters.push(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = create();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}
