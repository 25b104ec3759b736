import { describe, expect, it } from 'vitest';
import { AGE_FLAG, rememberedPassScript } from './use-remembered-pass';

/** Runs the inline script against two in-memory storages, as a browser would at load. */
function run(gate: { status: string; remember?: boolean }, before: { local?: string; session?: string } = {}) {
  const store = (initial?: string) => {
    const m = new Map<string, string>(initial ? [[AGE_FLAG, initial]] : []);
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
  };
  const localStorage = store(before.local);
  const sessionStorage = store(before.session);
  new Function('localStorage', 'sessionStorage', rememberedPassScript(gate))(localStorage, sessionStorage);
  return { local: localStorage.getItem(AGE_FLAG), session: sessionStorage.getItem(AGE_FLAG) };
}

describe('rememberedPassScript', () => {
  it('mirrors a pass with remember-me in local storage, without it in session storage only', () => {
    expect(run({ status: 'pass', remember: true })).toEqual({ local: 'true', session: null });
    expect(run({ status: 'pass', remember: false }, { local: 'true' })).toEqual({ local: null, session: 'true' });
  });

  it('clears both for a visitor without a pass, or refused', () => {
    for (const status of ['none', 'denied']) expect(run({ status }, { local: 'true', session: 'true' })).toEqual({ local: null, session: null });
  });

  it('never throws where storage is unavailable', () => {
    const script = rememberedPassScript({ status: 'pass', remember: true });
    expect(() => new Function('localStorage', 'sessionStorage', script)(undefined, undefined)).not.toThrow();
  });
});
