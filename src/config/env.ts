// The SPA's configuration, read once from Vite's environment and checked by hand: `/` loads no zod
// (docs/performance.md).
function readApiUrl(value: unknown): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'string' && URL.canParse(value)) return value.replace(/\/+$/, '');
  throw new Error(`Invalid environment: VITE_API_URL must be empty or an absolute URL, not ${JSON.stringify(value)}`);
}

function readMocking(value: unknown): boolean {
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`Invalid environment: VITE_API_MOCKING must be true or false, not ${JSON.stringify(value)}`);
}

export const env = {
  /** The {host} the API's paths are relative to. Empty means the site's own origin. */
  apiUrl: readApiUrl(import.meta.env.VITE_API_URL),
  /**
   * msw responds instead of a server: on by default in development and in the mock build (`npm run build:mock`),
   * never in a production build.
   */
  apiMocking: (import.meta.env.DEV || import.meta.env.MODE === 'mock') && readMocking(import.meta.env.VITE_API_MOCKING),
};
