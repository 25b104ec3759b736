// Types for the TypeScript that reuses the benchmarks' helpers (tests/api/json-rows-lists.test.ts).
/** SQL that makes a master admin with this email and a session whose token is `token`. */
export declare function masterAdminSql(email: string, token: string): string;
