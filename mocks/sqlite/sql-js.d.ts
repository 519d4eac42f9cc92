/**
 * The part of sql.js 1.16's API that the mock's database uses (mocks/sqlite/sql-js-dialect.ts). Not @types/sql.js:
 * it brings @types/emscripten along, and the lockfile is kept small (issue 39).
 */
declare module 'sql.js' {
  export type SqlValue = number | string | Uint8Array | null;

  export type Statement = {
    bind(values?: readonly unknown[]): boolean;
    step(): boolean;
    getAsObject(): Record<string, SqlValue>;
    getColumnNames(): string[];
    run(values?: readonly unknown[]): void;
    free(): boolean;
  };

  export type Database = {
    prepare(sql: string): Statement;
    exec(sql: string): Array<{ columns: string[]; values: SqlValue[][] }>;
    getRowsModified(): number;
    /** The whole database file, as SQLite writes it. */
    export(): Uint8Array;
    close(): void;
  };

  export type SqlJsStatic = { Database: new (data?: Uint8Array) => Database };

  /** `locateFile` gives the URL of sql-wasm.wasm (the browser); in Node it is found beside the module. */
  export default function initSqlJs(config?: { locateFile?: (file: string) => string }): Promise<SqlJsStatic>;
}
