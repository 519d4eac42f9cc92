/**
 * Logs for a person at a terminal: one coloured line per entry through pino-pretty, a dev dependency; without
 * it (a production install), and whenever output is not a terminal, the logs stay JSON.
 */
/** Node's codes for a module, or one of its own imports, that is not installed. */
const NOT_INSTALLED = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);

/** A pretty stream to `destination` (standard output by default), or undefined when pino-pretty is not installed. */
export async function prettyLogStream(destination: number | NodeJS.WritableStream = 1): Promise<{ write(line: string): void } | undefined> {
  const pretty = await import('pino-pretty').then(
    (module) => module.default,
    (error: unknown) => {
      if (NOT_INSTALLED.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    },
  );
  return pretty?.({
    destination,
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The request id stays: a 500's body names it, and it finds the error's line.
    ignore: 'pid,hostname,method,url,status,ms',
    messageFormat: (entry, messageKey) => {
      const part = (key: string, format = (value: string) => value) => (entry[key] === undefined ? '' : `${format(String(entry[key]))} `);
      return `${part('method')}${part('url')}${part('status')}${part('ms', (ms) => `(${ms} ms)`)}${String(entry[messageKey])}`;
    },
    // Written in the calling thread as entries come, in order with the server's console lines.
    sync: true,
  });
}
