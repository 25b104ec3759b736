// Believable demo content for a first start. Prices are per market, in minor units.
import type { TastingNotes } from '../db/schema';

export interface SeedProduct {
  slug: string;
  name: string;
  category: 'gin' | 'vodka' | 'whisky' | 'rum' | 'liqueur';
  abvTenths: number;
  volumeMl: number;
  featured: boolean;
  description: string;
  tastingNotes: TastingNotes;
  /** Label colour of the bottle illustration. */
  colour: string;
  prices: Record<'US' | 'GB' | 'EU' | 'CA' | 'AU' | 'INT', number>;
  /** Bottles per case, and the brand warehouse's opening stock in bottles (the navy strength runs low on purpose). */
  caseSize: number;
  openingBottles: number;
}

/**
 * The demo network's opening stock, as a share of the brand's opening cases (whole cases, rounded
 * down): what the importer and each distributor hold on a first start, so a first order at every
 * leg can be approved without an adjustment.
 */
export const SEED_PARTNER_STOCK_SHARE = { importer: 0.25, distributor: 0.1 } as const;

/** Trade prices as a share of the retail price, per partner tier (rounded to whole minor units). */
export const SEED_TRADE_SHARE = { importer: 0.45, distributor: 0.55, retailer: 0.7 } as const;

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    slug: 'frolic-london-dry-gin',
    name: 'Frolic London Dry Gin',
    category: 'gin',
    abvTenths: 430,
    volumeMl: 700,
    featured: true,
    colour: '#2f6f73',
    description: 'Our flagship gin: juniper-forward, distilled in small copper pots with twelve botanicals including Seville orange peel and angelica root.',
    tastingNotes: {
      nose: 'Fresh juniper, bright citrus peel and a whisper of coriander.',
      palate: 'Clean and resinous, with orange zest and gentle pepper.',
      finish: 'Long, dry and crisp.',
    },
    prices: { US: 3499, GB: 2895, EU: 3290, CA: 4599, AU: 6499, INT: 3499 },
    caseSize: 6,
    openingBottles: 1440,
  },
  {
    slug: 'frolic-pink-grapefruit-gin',
    name: 'Frolic Pink Grapefruit Gin',
    category: 'gin',
    abvTenths: 375,
    volumeMl: 700,
    featured: true,
    colour: '#d9667a',
    description: 'A softer, summer gin steeped with pink grapefruit and rhubarb after distillation. Made for long drinks with tonic and ice.',
    tastingNotes: { nose: 'Ripe grapefruit, rhubarb and rose petals.', palate: 'Juicy citrus over a juniper backbone.', finish: 'Bittersweet and refreshing.' },
    prices: { US: 3299, GB: 2695, EU: 2990, CA: 4299, AU: 5999, INT: 3299 },
    caseSize: 6,
    openingBottles: 720,
  },
  {
    slug: 'frolic-navy-strength-gin',
    name: 'Frolic Navy Strength Gin',
    category: 'gin',
    abvTenths: 571,
    volumeMl: 500,
    featured: false,
    colour: '#1f3a5f',
    description: 'Bottled at the historic navy strength of 57.1 %. Bold juniper and cardamom that stand up in a Negroni or a Gimlet.',
    tastingNotes: { nose: 'Pine, cardamom and lime leaf.', palate: 'Intense and oily, with warming spice.', finish: 'Powerful and lingering.' },
    prices: { US: 4499, GB: 3795, EU: 4290, CA: 5899, AU: 7999, INT: 4499 },
    caseSize: 6,
    openingBottles: 36,
  },
  {
    slug: 'frolic-wheat-vodka',
    name: 'Frolic Wheat Vodka',
    category: 'vodka',
    abvTenths: 400,
    volumeMl: 700,
    featured: true,
    colour: '#8aa4b8',
    description: 'Distilled five times from winter wheat and filtered through birch charcoal for a soft, rounded vodka.',
    tastingNotes: { nose: 'Clean cereal sweetness and a hint of vanilla.', palate: 'Silky, with soft white pepper.', finish: 'Smooth and short.' },
    prices: { US: 2799, GB: 2395, EU: 2690, CA: 3699, AU: 4999, INT: 2799 },
    caseSize: 6,
    openingBottles: 960,
  },
  {
    slug: 'frolic-single-malt-12',
    name: 'Frolic Single Malt 12 Year Old',
    category: 'whisky',
    abvTenths: 460,
    volumeMl: 700,
    featured: true,
    colour: '#a0612b',
    description: 'Matured for twelve years in ex-bourbon and first-fill sherry casks, non-chill filtered and bottled at natural colour.',
    tastingNotes: {
      nose: 'Honeyed malt, baked apple and toasted oak.',
      palate: 'Dried fruit, toffee and a touch of cinnamon.',
      finish: 'Warm, with gentle oak spice.',
    },
    prices: { US: 6999, GB: 5495, EU: 6290, CA: 8999, AU: 12999, INT: 6999 },
    caseSize: 6,
    openingBottles: 240,
  },
  {
    slug: 'frolic-spiced-rum',
    name: 'Frolic Spiced Rum',
    category: 'rum',
    abvTenths: 400,
    volumeMl: 700,
    featured: false,
    colour: '#7a3b2e',
    description: 'Caribbean molasses rum rested in oak, then infused with Madagascan vanilla, clove and orange.',
    tastingNotes: { nose: 'Vanilla pod, clove and burnt sugar.', palate: 'Rich caramel with baking spice.', finish: 'Sweet, warming and round.' },
    prices: { US: 2999, GB: 2495, EU: 2790, CA: 3899, AU: 5499, INT: 2999 },
    caseSize: 6,
    openingBottles: 600,
  },
  {
    slug: 'frolic-white-rum',
    name: 'Frolic White Rum',
    category: 'rum',
    abvTenths: 375,
    volumeMl: 700,
    featured: false,
    colour: '#c9b037',
    description: 'A light, column-still rum filtered clear. The backbone of a proper Daiquiri or Mojito.',
    tastingNotes: { nose: 'Fresh cane, banana and lime.', palate: 'Light and grassy with a soft sweetness.', finish: 'Clean and quick.' },
    prices: { US: 2499, GB: 2095, EU: 2390, CA: 3299, AU: 4699, INT: 2499 },
    caseSize: 12,
    openingBottles: 480,
  },
  {
    slug: 'frolic-coffee-liqueur',
    name: 'Frolic Coffee Liqueur',
    category: 'liqueur',
    abvTenths: 250,
    volumeMl: 500,
    featured: false,
    colour: '#4a2c20',
    description: 'Cold-brewed single-origin coffee blended with our wheat vodka and a touch of demerara sugar.',
    tastingNotes: { nose: 'Fresh espresso and dark chocolate.', palate: 'Roasted coffee, cocoa and caramel.', finish: 'Bittersweet and velvety.' },
    prices: { US: 2699, GB: 2195, EU: 2490, CA: 3499, AU: 4799, INT: 2699 },
    caseSize: 12,
    openingBottles: 300,
  },
];

export const MARKET_CURRENCIES: Record<keyof SeedProduct['prices'], string> = {
  US: 'USD',
  GB: 'GBP',
  EU: 'EUR',
  CA: 'CAD',
  AU: 'AUD',
  INT: 'USD',
};
