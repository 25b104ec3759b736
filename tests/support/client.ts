// A minimal cookie-keeping HTTP client for API tests: what a browser does with cookies, no more.
import { JSON_FORM_FIELD } from '../../shared/form-constants';

export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const eq = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, eq).trim();
      const value = (pair as string).slice(eq + 1).trim();
      if (attrs.some((a) => /max-age=0/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(path: string, headers: Record<string, string> = {}) {
    return this.keep(await fetch(this.base + path, { headers: { cookie: this.header(), ...headers }, redirect: 'manual' }));
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.keep(
      await fetch(this.base + path, { method: 'POST', body: new URLSearchParams(form), headers: { cookie: this.header(), ...headers }, redirect: 'manual' }),
    );
  }

  async json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.keep(
      await fetch(this.base + path, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { cookie: this.header(), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        redirect: 'manual',
      }),
    );
  }

  /** Saves through a staff editor's page action as the editor does: the value as JSON in one form field. */
  async editor(path: string, value: unknown) {
    return this.post(path, { [JSON_FORM_FIELD]: JSON.stringify(value) });
  }

  /** Passes the age gate (the staff and partner pages are behind it too). */
  async passGate() {
    await this.post('/age-gate', { year: '1980', country: 'GB' });
    return this;
  }

  /** The toast flashed into the cookie by the last redirect, decoded. */
  flashedToast(): { title: string; description?: string } | null {
    const raw = this.cookies.get('frolic_toast');
    if (!raw) return null;
    const value = decodeURIComponent(raw);
    return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64url').toString('utf8'));
  }
}
