// The browser's side of the Code Editor's API (/api/admin/code…): JSON in and out; a refusal is a
// CodeApiError carrying the server's code, message and details (a deploy's problems, a conflict's
// files) to show as they are.

export interface Refusal {
  code: string;
  message: string;
  details?: unknown;
  hint?: string;
}

export class CodeApiError extends Error {
  constructor(
    readonly status: number,
    readonly refusal: Refusal,
  ) {
    super(refusal.message);
  }
  get code() {
    return this.refusal.code;
  }
}

export async function codeApi<T>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/admin/code${path}`, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new CodeApiError(0, { code: 'network', message: 'Could not reach the server. Check your connection and try again.' });
  }
  const data = (await res.json().catch(() => null)) as (T & { error?: Refusal }) | null;
  if (!res.ok) {
    const error = data?.error;
    throw new CodeApiError(
      res.status,
      error && typeof error.message === 'string' ? error : { code: `http_${res.status}`, message: 'Something went wrong. Please try again.' },
    );
  }
  return data as T;
}

/** A validation refusal's message for one field (`details: [{ path, message }]`), else the refusal's message. */
export function messageFor(err: unknown, field?: string): string {
  if (!(err instanceof CodeApiError)) return 'Something went wrong. Please try again.';
  const details = Array.isArray(err.refusal.details) ? (err.refusal.details as { path?: string; message?: string }[]) : [];
  const hit = field ? details.find((d) => d.path === field) : undefined;
  return hit?.message ?? err.message;
}

export const filePath = (path: string) => `/file?path=${encodeURIComponent(path)}`;
