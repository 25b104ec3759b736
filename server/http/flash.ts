// Toasts that survive a redirect: flashed into a short-lived signed cookie, read once by the root loader.
import { redirect } from 'react-router';
import { expireCookie, parseCookies, serializeCookie, type Signer } from '../core/cookies';

export const TOAST_COOKIE = 'frolic_toast';

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface Flash {
  redirectWithToast(url: string, toast: Toast, init?: ResponseInit): Response;
  /** The flashed toast, if any, and the header that clears it. */
  read(request: Request): { toast: Toast | null; clear: string | null };
}

export function createFlash(signer: Signer, secure: boolean): Flash {
  return {
    redirectWithToast(url, toast, init) {
      const headers = new Headers(init?.headers);
      const value = signer.sign(Buffer.from(JSON.stringify(toast)).toString('base64url'));
      headers.append('Set-Cookie', serializeCookie(TOAST_COOKIE, value, { secure, maxAgeSeconds: 60 }));
      return redirect(url, { ...init, headers });
    },
    read(request) {
      const raw = parseCookies(request.headers.get('cookie'))[TOAST_COOKIE];
      if (!raw) return { toast: null, clear: null };
      const clear = expireCookie(TOAST_COOKIE, secure);
      const value = signer.unsign(raw);
      if (!value) return { toast: null, clear };
      try {
        return { toast: JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Toast, clear };
      } catch {
        return { toast: null, clear };
      }
    },
  };
}
