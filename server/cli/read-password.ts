/**
 * Reads a new password without showing it: typed on a terminal with echo off (prompt on stderr), or the first
 * line of piped stdin (docs/decisions/007-password-prompt.md).
 */
import type { ReadStream } from 'node:tty';

export class PasswordInputAborted extends Error {
  override name = 'PasswordInputAborted';
}

/** Reads one line from a TTY in raw mode: nothing typed is echoed, not even as asterisks. */
function readHiddenLine(input: ReadStream, output: NodeJS.WritableStream, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    output.write(prompt);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && value === '')) return finish(new PasswordInputAborted('Cancelled'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}

async function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
}

let pipedPassword: Promise<string> | undefined;

/**
 * The new password: typed twice on a terminal, or the first line of piped stdin.
 * Throws PasswordInputAborted when cancelled or when the two typed passwords differ.
 */
export async function readNewPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    pipedPassword ??= readFirstLine(stdin);
    return pipedPassword;
  }
  const first = await readHiddenLine(stdin, process.stderr, 'New password: ');
  const again = await readHiddenLine(stdin, process.stderr, 'Repeat the password: ');
  if (first !== again) throw new PasswordInputAborted('The two passwords differ; nothing changed');
  return first;
}
