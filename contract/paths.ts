/**
 * The paths, relative to {host}. Kept apart from the zod schemas so that
 * the landing page's bundle can name a path without loading zod.
 */
export const apiPaths = {
  login: '/login',
  logout: '/logout',
  clients: '/api/clients',
  client: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`,
  clientHistory: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/history`,
  clientExport: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/export`,
  restoreClient: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/restore`,
  eraseClient: (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/erase`,
  deletedClients: '/api/deleted-clients',
  events: '/api/events',
} as const;
