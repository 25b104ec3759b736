// The visitor's market: chosen in the footer (a cookie), else the country given at the gate.
import { getMarket, isMarketCode, MARKET_COOKIE, type Market, marketForCountry } from '../../shared/markets';
import type { GateState } from '../modules/age-gate';
import { parseCookies } from '../core/cookies';

export function resolveMarket(cookieHeader: string | null | undefined, gate: GateState): Market {
  const chosen = parseCookies(cookieHeader)[MARKET_COOKIE];
  if (chosen && isMarketCode(chosen)) return getMarket(chosen);
  return marketForCountry(gate.status === 'none' ? null : gate.country);
}
