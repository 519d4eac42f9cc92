/** A stand-in for Vite's dist/ in a temporary directory: the given files, and the facts the build writes (http/spa-build.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SPA_BUILD_FACTS_FILE, type SpaBuildFacts } from '../http/spa-build.ts';
import { temporaryDirectory } from './test-database.ts';

/** Writes the facts into `dir`: a production build without the mock unless told otherwise. */
export function writeSpaBuildFacts(dir: string, facts: SpaBuildFacts = { production: true, mockBackend: false }): void {
  writeFiles(dir, { [SPA_BUILD_FACTS_FILE]: JSON.stringify(facts) });
}

function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/** `files` by path inside dist/ (`assets/app-1.js`), with the build's facts; returns the directory. */
export function builtSpaStandIn(files: Record<string, string | Buffer>): string {
  const dir = join(temporaryDirectory(), 'dist');
  writeFiles(dir, files);
  writeSpaBuildFacts(dir);
  return dir;
}
