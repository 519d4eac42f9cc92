// How the mock's store (db.ts) is kept across reloads in the browser: as JSON in localStorage, or in
// IndexedDB once it outgrows localStorage (an origin has about 5 million characters of localStorage; a store holding an
// import of 10,000 clients is 5 to 7), localStorage then only saying so. Not in Node, nor in the tests: in memory only.
import { createStore, del, get, set } from 'idb-keyval';

const LOCAL_STORAGE_MAX_CHARS = 1_000_000;
const IN_INDEXED_DB = '{"storedIn":"indexeddb"}';
let idbStore: ReturnType<typeof createStore> | undefined;
const indexedDbStore = () => (idbStore ??= createStore('salon-mock', 'store'));

/** Whether the stores are kept: in a page of a browser, not in Node nor in the tests. */
export const canPersist = () => typeof window !== 'undefined' && typeof window.localStorage !== 'undefined' && !import.meta.env.VITEST;

/** The store kept under `key`: `initial()` until saved; one saved by an older mock gets the fields it lacks from it. */
export function persisted<T extends object>(key: string, initial: () => T) {
  let inIndexedDb = false;
  const parse = (saved: string | null | undefined): T => {
    try {
      return saved && saved !== IN_INDEXED_DB ? { ...initial(), ...(JSON.parse(saved) as Partial<T>) } : initial();
    } catch {
      return initial();
    }
  };
  return {
    /** The store kept in localStorage, or `initial()`. */
    load: (): T => parse(canPersist() ? window.localStorage.getItem(key) : null),
    /** The store kept in IndexedDB, once it outgrew localStorage (awaited before the mock answers); else undefined. */
    async loadLarge(): Promise<T | undefined> {
      if (!canPersist() || window.localStorage.getItem(key) !== IN_INDEXED_DB) return undefined;
      inIndexedDb = true;
      return parse(await get<string>(key, indexedDbStore()).catch(() => undefined));
    },
    save(state: T): void {
      if (!canPersist()) return;
      const json = JSON.stringify(state);
      const large = json.length > LOCAL_STORAGE_MAX_CHARS;
      // A string: IndexedDB copies it whole, rather than walking 10,000 clients object by object.
      if (large) void set(key, json, indexedDbStore());
      else if (inIndexedDb) void del(key, indexedDbStore());
      window.localStorage.setItem(key, large ? IN_INDEXED_DB : json);
      inIndexedDb = large;
    },
  };
}
