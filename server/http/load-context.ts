// What every route loader and action receives from the server (React Router's load context).
import type { Logger } from 'pino';
import type { Services } from '../services';
import type { Flash } from './flash';
import type { GateState } from '../modules/age-gate';
import type { Market } from '../../shared/markets';
import type { RequestAuth } from './request-auth';

export interface FrolicContext {
  services: Services;
  flash: Flash;
  /** The gate state read from this request's cookie. */
  gate: GateState;
  /** The visitor's market: footer choice, else the gate country's. */
  market: Market;
  /** The signed-in user (resolved lazily) and the session cookies. */
  auth: RequestAuth;
  /** Where links in emails point: PUBLIC_ORIGIN, else this request's origin. */
  origin: string;
  /** PUBLIC_ORIGIN when configured: absolute canonical links are only given when it is known. */
  publicOrigin: string | null;
  /** Shown by the chat when a message cannot be sent (SUPPORT_EMAIL). */
  supportEmail: string;
  nonce: string;
  requestId: string;
  /** This request's logger (its lines carry the request); React Router's failures are logged through it. */
  log: Logger;
  /** True when the request came over TLS (cookies get Secure). */
  secure: boolean;
  ip: string | null;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends FrolicContext {}
}
