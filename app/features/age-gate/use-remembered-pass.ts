import { useEffect } from 'react';

export const AGE_FLAG = 'ageVerified';

/**
 * Mirrors the server's pass in browser storage (spec §2): local storage when the visitor chose
 * remember-me, session storage otherwise. The server's signed cookie stays the authority.
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
