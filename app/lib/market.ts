import { type Market, marketForCountry } from '@shared/markets';

/** The market follows the country the visitor gave at the gate. */
export function visitorMarket(gate: { status: string; country?: string }): Market {
  return marketForCountry(gate.status === 'none' ? null : (gate.country ?? null));
}
