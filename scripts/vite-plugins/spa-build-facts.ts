/**
 * Writes what the server needs to know of this build (server/http/spa-build.ts): whether it is a production build, and
 * whether msw's mock backend is in the bundle. The server refuses to serve a build that has the mock.
 */
import type { Plugin } from 'vite';
import { SPA_BUILD_FACTS_FILE, type SpaBuildFacts } from '#server/http/spa-build.ts';

const isMsw = (id: string) => /[\\/]node_modules[\\/]msw[\\/]/.test(id);

export function spaBuildFacts(): Plugin {
  let production = false;
  return {
    name: 'salon:spa-build-facts',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction;
    },
    generateBundle(_options, bundle) {
      const mockBackend = Object.values(bundle).some((output) => output.type === 'chunk' && output.moduleIds.some(isMsw));
      const facts: SpaBuildFacts = { production, mockBackend };
      this.emitFile({ type: 'asset', fileName: SPA_BUILD_FACTS_FILE, source: `${JSON.stringify(facts, null, 2)}\n` });
    },
  };
}
