// Types for the TypeScript that reuses the benchmark's data (tests/api/json-rows-lists.test.ts).
/** The staff lists' data (SQL), after the demo seed and a master admin with this email. */
export declare const listsData: (master: string) => string;
