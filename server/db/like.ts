// Searches typed by staff: `%` and `_` are literal characters, not wildcards.
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
