// What every route loader and action receives from the server (React Router's load context).
import type { Services } from '../services';
import type { Flash } from './flash';
import type { GateState } from '../modules/age-gate/service';
import type { Market } from '../../shared/markets';

export interface FrolicContext {
  services: Services;
  flash: Flash;
  /** The gate state read from this request's cookie. */
  gate: GateState;
  /** The visitor's market: footer choice, else the gate country's. */
  market: Market;
  nonce: string;
  requestId: string;
  /** True when the request came over TLS (cookies get Secure). */
  secure: boolean;
  ip: string | null;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends FrolicContext {}
}
