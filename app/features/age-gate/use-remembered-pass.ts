import { useEffect } from 'react';

export const AGE_FLAG = 'ageVerified';

/**
 * The mirror below as an inline script, for the document's first load: a public page may come to life
 * only on the visitor's first press (app/lib/hydrate-on-intent.ts), and the mirror is due at load.
 * The page cache keys pages by the gate's status and remember-me, so a cached page carries the right one.
 */
export function rememberedPassScript(gate: { status: string; remember?: boolean }): string {
  const flag = JSON.stringify(AGE_FLAG);
  const body =
    gate.status === 'pass'
      ? `${gate.remember ? 'localStorage' : 'sessionStorage'}.setItem(${flag},'true');${gate.remember ? '' : `localStorage.removeItem(${flag});`}`
      : `localStorage.removeItem(${flag});sessionStorage.removeItem(${flag});`;
  return `try{${body}}catch(e){}`;
}

/**
 * Mirrors the server's pass in browser storage (spec §2): local storage when the visitor chose
 * remember-me, session storage otherwise. The server's signed cookie stays the authority. At load the
 * inline `rememberedPassScript` does it; this follows a pass given without a new document.
 */
export function useRememberedPass(gate: { status: string; remember?: boolean }) {
  useEffect(() => {
    try {
      if (gate.status === 'pass') {
        (gate.remember ? localStorage : sessionStorage).setItem(AGE_FLAG, 'true');
        if (!gate.remember) localStorage.removeItem(AGE_FLAG);
      } else {
        localStorage.removeItem(AGE_FLAG);
        sessionStorage.removeItem(AGE_FLAG);
      }
    } catch {
      // Storage can be unavailable (private mode); the cookie still carries the pass.
    }
  }, [gate.status, gate.remember]);
}
