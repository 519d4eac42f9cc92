// The mock backend's store: clients and the demo session, in memory, and in the browser also in localStorage
// (kept across reloads). `resetMockDb()` or `?mock-reset` brings back the seed.
import type { Client, ClientInput } from '#contract/api';
import { seedClients } from './seed.ts';

type MockState = {
  clients: Client[];
  /** Whether the demo account is logged in: the mock's stand-in for the session cookie. */
  sessionActive: boolean;
  nextId: number;
};

const STORAGE_KEY = 'salon-mock-db';

function initialState(): MockState {
  return { clients: structuredClone(seedClients), sessionActive: false, nextId: seedClients.length + 1 };
}

function canPersist(): boolean {
  return typeof window !== 'undefined' && typeof window.localStorage !== 'undefined' && !import.meta.env.VITEST;
}

function load(): MockState {
  if (!canPersist()) return initialState();
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return saved ? (JSON.parse(saved) as MockState) : initialState();
  } catch {
    return initialState();
  }
}

let state = load();

function save() {
  if (canPersist()) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
}

export const mockDb = {
  startSession() {
    state.sessionActive = true;
    save();
  },
  endSession() {
    state.sessionActive = false;
    save();
  },
  hasSession(): boolean {
    return state.sessionActive;
  },
  listClients(): Client[] {
    return state.clients;
  },
  findClient(clientId: string): Client | undefined {
    return state.clients.find((client) => client._id === clientId);
  },
  createClient(input: ClientInput): Client {
    const client: Client = { _id: `mock-${String(state.nextId).padStart(6, '0')}`, ...input };
    state.nextId += 1;
    state.clients.push(client);
    save();
    return client;
  },
  updateClient(clientId: string, input: ClientInput): Client | undefined {
    const index = state.clients.findIndex((client) => client._id === clientId);
    if (index === -1) return undefined;
    const client: Client = { _id: clientId, ...input };
    state.clients[index] = client;
    save();
    return client;
  },
  deleteClient(clientId: string): boolean {
    const before = state.clients.length;
    state.clients = state.clients.filter((client) => client._id !== clientId);
    save();
    return state.clients.length < before;
  },
  /** Replaces every client (tests set up exactly the list they need). */
  setClients(clients: Client[]) {
    state.clients = structuredClone(clients);
    save();
  },
};

export function resetMockDb(): void {
  state = initialState();
  save();
}
