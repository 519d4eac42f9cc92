import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOutdated, noteLockfile, SPA } from './build-if-needed.mjs';

/** A project folder with one source, a build of it and the build's lockfile note, all in the past. */
function builtProject() {
  const base = mkdtempSync(join(tmpdir(), 'salon-build-'));
  writeFileSync(join(base, 'package-lock.json'), '{"lockfileVersion":3}\n');
  mkdirSync(join(base, 'src'));
  writeFileSync(join(base, 'src', 'main.ts'), 'export {};\n');
  mkdirSync(join(base, 'dist', '.vite'), { recursive: true });
  writeFileSync(join(base, 'dist', 'index.html'), '<!doctype html>');
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(base, 'src', 'main.ts'), past, past);
  utimesSync(join(base, 'src'), past, past);
  return base;
}

const spaFrom = (sources: string[]) => ({ ...SPA, sources });

describe('building only when needed', () => {
  it('rebuilds for a changed source or lockfile, not for a lockfile rewritten as it was (npm prune --omit=dev)', () => {
    const base = builtProject();
    const outdated = () => isOutdated(spaFrom(['src']), base);
    expect(outdated()).toBe(true); // no note of the lockfile yet

    noteLockfile(SPA, base, base);
    expect(outdated()).toBe(false);

    // Rewritten with the same content, and newer than the build.
    writeFileSync(join(base, 'package-lock.json'), '{"lockfileVersion":3}\n');
    expect(outdated()).toBe(false);

    writeFileSync(join(base, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    expect(outdated()).toBe(true);
  });

  it('rebuilds when a source is newer than the build', () => {
    const base = builtProject();
    noteLockfile(SPA, base, base);
    writeFileSync(join(base, 'src', 'main.ts'), 'export const changed = true;\n');
    utimesSync(join(base, 'src', 'main.ts'), new Date(Date.now() + 1000), new Date(Date.now() + 1000));
    expect(isOutdated(spaFrom(['src']), base)).toBe(true);
  });

  it('rebuilds when a source is removed', () => {
    const base = builtProject();
    noteLockfile(SPA, base, base);
    expect(isOutdated(spaFrom(['src']), base)).toBe(false);
    rmSync(join(base, 'src', 'main.ts'));
    utimesSync(join(base, 'src'), new Date(Date.now() + 1000), new Date(Date.now() + 1000));
    expect(isOutdated(spaFrom(['src']), base)).toBe(true);
  });

  it('rebuilds when the build is missing', () => {
    const base = builtProject();
    noteLockfile(SPA, base, base);
    rmSync(join(base, 'dist', 'index.html'));
    expect(isOutdated(spaFrom(['src']), base)).toBe(true);
  });
});
