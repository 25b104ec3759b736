// The age gate on the server: decides an answer, and sets and reads the signed pass cookie that lets
// the server render the right first byte. An underage answer blocks this browser from retrying.
import { type GateAnswer, type GateVerdict, decideAge } from '../../../shared/age-gate';
import { AGE_DENIAL_DAYS, AGE_PASS_REMEMBER_DAYS } from '../../../shared/limits';
import { isKnownCountry } from '../../../shared/legal-age';
import { parseCookies, serializeCookie, type Signer } from '../../core/cookies';

export const AGE_COOKIE = 'frolic_age';

export type GateState = { status: 'none' } | { status: 'pass'; country: string; remember: boolean } | { status: 'denied'; country: string };

export interface GateResult {
  verdict: GateVerdict | { kind: 'blocked' };
  /** Set-Cookie header to send, when the answer decided something. */
  setCookie?: string;
  state: GateState;
}

export interface AgeGateService {
  read(cookieHeader: string | null | undefined): GateState;
  submit(answer: GateAnswer & { remember: boolean }, current: GateState, secure: boolean): GateResult;
}

export function createAgeGateService(signer: Signer, now: () => Date = () => new Date()): AgeGateService {
  return {
    read(cookieHeader) {
      const raw = parseCookies(cookieHeader)[AGE_COOKIE];
      const value = raw ? signer.unsign(raw) : null;
      if (!value) return { status: 'none' };
      const [status, country, remember] = value.split(':');
      if (!country || !isKnownCountry(country)) return { status: 'none' };
      if (status === 'pass') return { status: 'pass', country, remember: remember === '1' };
      if (status === 'denied') return { status: 'denied', country };
      return { status: 'none' };
    },

    submit(answer, current, secure) {
      if (current.status === 'denied') return { verdict: { kind: 'blocked' }, state: current };
      const verdict = decideAge(answer, now());
      if (verdict.kind === 'adult') {
        const value = signer.sign(`pass:${answer.country}:${answer.remember ? '1' : '0'}`);
        const maxAgeSeconds = answer.remember ? AGE_PASS_REMEMBER_DAYS * 86_400 : undefined;
        return {
          verdict,
          setCookie: serializeCookie(AGE_COOKIE, value, { secure, maxAgeSeconds }),
          state: { status: 'pass', country: answer.country, remember: answer.remember },
        };
      }
      if (verdict.kind === 'underage') {
        const value = signer.sign(`denied:${answer.country}:0`);
        return {
          verdict,
          setCookie: serializeCookie(AGE_COOKIE, value, { secure, maxAgeSeconds: AGE_DENIAL_DAYS * 86_400 }),
          state: { status: 'denied', country: answer.country },
        };
      }
      return { verdict, state: current };
    },
  };
}
