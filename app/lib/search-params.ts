// Links that change a screen's query in the address (filters, tabs, keyset cursors).

/** The address's query with `changes` applied (undefined removes a parameter): `?…`, or `?` when empty. */
export function withParams(params: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) next.delete(k);
    else next.set(k, v);
  }
  const s = next.toString();
  return s ? `?${s}` : '?';
}
