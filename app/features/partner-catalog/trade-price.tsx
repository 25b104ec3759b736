// A product's trade price as partners read it — per bottle as stored, per case as orders will be
// placed — or 'Price on request' where the tier has none in the market; and, for whom Inventory
// Viewing is granted, what its supplier can sell now and what its own organisation holds.
import { formatPrice, getMarket } from '@shared/markets';
import { ORGANISATION_TYPE_LABELS } from '@shared/partners';
import { plural } from '@shared/plural';
import { type Availability, PRICE_ON_REQUEST, type TradePrice, type TradePricing } from '@shared/partner-catalog-constants';

export function TradePriceView({ price, caseSize, size = 'md' }: { price: TradePrice | null; caseSize: number; size?: 'md' | 'lg' }) {
  if (!price)
    return (
      <p className={`${size === 'lg' ? 'text-xl' : 'text-sm'} font-medium text-stone-700`} data-testid="trade-price">
        {PRICE_ON_REQUEST}
      </p>
    );
  return (
    <p data-testid="trade-price">
      <span className={`${size === 'lg' ? 'text-2xl' : 'text-base'} font-semibold`}>{formatPrice(price.bottleMinor, price.currency)}</span>
      <span className="text-sm text-stone-700"> a bottle</span>
      <span className="block text-sm text-stone-700">
        {formatPrice(price.caseMinor, price.currency)} a case of {caseSize}
      </span>
    </p>
  );
}

/**
 * A holder's available stock of a product: the supplier's ("6 cases available", what the viewer can
 * order now) or, with `own`, the viewer's organisation's ("Your stock: 6 cases available" — available,
 * as the supplier's: on hand less what approved orders reserve).
 */
export function AvailabilityView({ availability, caseSize, own = false }: { availability: Availability | null; caseSize: number; own?: boolean }) {
  if (!availability) return null;
  const testId = own ? 'own-stock' : 'availability';
  if (availability.bottles === 0)
    return (
      <p className={`text-sm ${own ? 'text-stone-700' : 'font-medium text-red-800'}`} data-testid={testId}>
        {own ? 'Your stock: none available' : 'Out of stock'}
      </p>
    );
  const loose = availability.bottles - availability.cases * caseSize;
  const figure = `${plural(availability.cases, 'case')}${loose ? ` (+${plural(loose, 'bottle')})` : ''}`;
  return (
    <p className={`text-sm ${availability.lowStock && !own ? 'font-medium text-amber-900' : 'text-stone-700'}`} data-testid={testId}>
      {own ? `Your stock: ${figure} available` : `${figure} available`}
      {availability.lowStock && !own ? ' · Low stock' : ''}
    </p>
  );
}

/** Whose prices these are, said once above the list. */
export function PricingNote({ pricing }: { pricing: TradePricing }) {
  if (!pricing.tier || !pricing.market)
    return (
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="pricing-note">
        Your account is not linked to an organisation yet, so no trade prices are shown. Contact your Frolic account manager.
      </p>
    );
  const market = getMarket(pricing.market);
  return (
    <p className="text-sm text-stone-700" data-testid="pricing-note">
      {ORGANISATION_TYPE_LABELS[pricing.tier]} trade prices for {market.name} in {pricing.currency ?? market.currency}, before tax. Orders are placed in whole
      cases.
      {pricing.inventory && pricing.supplierName ? ` Availability is what ${pricing.supplierName} can sell you now.` : ''}
    </p>
  );
}
