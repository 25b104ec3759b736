// Demo cocktails: published recipes across our spirits (four featured) and one unpublished draft.
// Runs inside the seed transaction after the products, which it finds by slug. `art` drives the
// illustrations drawn by scripts/make-cocktail-images.ts and is not stored.
import { inArray } from 'drizzle-orm';
import type { CocktailDifficulty } from '../../shared/schemas/cocktails';
import type { ProductCategory } from '../../shared/limits-catalog';
import type { DbOrTx } from '../db/client';
import { cocktailIngredients, cocktails, products } from '../db/schema';

const DRY = 'frolic-london-dry-gin';
const PINK = 'frolic-pink-grapefruit-gin';
const NAVY = 'frolic-navy-strength-gin';
const VODKA = 'frolic-wheat-vodka';
const MALT = 'frolic-single-malt-12';
const SPICED = 'frolic-spiced-rum';
const WHITE = 'frolic-white-rum';
const COFFEE = 'frolic-coffee-liqueur';

/** amount (null: "to top", "to garnish"), unit, name, and our product's slug when it is ours. */
type Ingredient = [amount: number | null, unit: string | null, name: string, product?: string];

export type GlassShape = 'rocks' | 'highball' | 'copa' | 'coupe' | 'mug';
export type Garnish =
  | 'orange-twist'
  | 'lemon-twist'
  | 'lime-wedge'
  | 'lime-wheel'
  | 'lemon-wheel'
  | 'orange-wheel'
  | 'grapefruit'
  | 'blackberry'
  | 'raspberry'
  | 'coffee-beans'
  | 'mint'
  | 'none';

export interface DemoCocktail {
  slug: string;
  name: string;
  description: string;
  baseSpirit: ProductCategory;
  glass: string;
  difficulty: CocktailDifficulty;
  prepMinutes: number;
  featured?: boolean;
  published?: boolean;
  ingredients: Ingredient[];
  steps: string[];
  art: { colour: string; glass: GlassShape; garnish: Garnish; ice?: 'cubes' | 'crushed' | 'block'; top?: 'foam' | 'crema' | 'cream' | 'bubbles' };
}

export const DEMO_COCKTAILS: DemoCocktail[] = [
  {
    slug: 'negroni',
    name: 'Negroni',
    baseSpirit: 'gin',
    glass: 'Rocks glass',
    difficulty: 'easy',
    prepMinutes: 3,
    featured: true,
    description: 'Equal parts London Dry, bitter red aperitivo and sweet vermouth, stirred over ice: the aperitivo hour in one glass.',
    ingredients: [
      [25, 'ml', 'Frolic London Dry Gin', DRY],
      [25, 'ml', 'Campari'],
      [25, 'ml', 'sweet vermouth'],
      [null, 'to garnish', 'orange peel'],
    ],
    steps: [
      'Fill a mixing glass with ice.',
      'Add the gin, Campari and sweet vermouth and stir for 30 seconds until well chilled.',
      'Strain into a rocks glass over one large ice cube.',
      'Squeeze the orange peel over the drink to release its oils, then drop it in.',
    ],
    art: { colour: '#b3262e', glass: 'rocks', garnish: 'orange-twist', ice: 'block' },
  },
  {
    slug: 'gin-and-tonic',
    name: 'Gin & Tonic',
    baseSpirit: 'gin',
    glass: 'Copa glass',
    difficulty: 'easy',
    prepMinutes: 2,
    description: 'Our London Dry lengthened with crisp Indian tonic over plenty of ice, with lime to lift the citrus in the gin.',
    ingredients: [
      [50, 'ml', 'Frolic London Dry Gin', DRY],
      [null, 'to top', 'Indian tonic water'],
      [null, 'to garnish', 'lime wedge'],
    ],
    steps: [
      'Fill a copa glass to the brim with ice.',
      'Pour in the gin.',
      'Top with chilled tonic water, pouring it down a bar spoon to keep the bubbles.',
      'Squeeze the lime wedge over the drink, drop it in and stir once.',
    ],
    art: { colour: '#dfeee0', glass: 'copa', garnish: 'lime-wedge', ice: 'cubes', top: 'bubbles' },
  },
  {
    slug: 'tom-collins',
    name: 'Tom Collins',
    baseSpirit: 'gin',
    glass: 'Collins glass',
    difficulty: 'easy',
    prepMinutes: 4,
    description: 'Gin, lemon and sugar shaken and lengthened with soda: a tall, sherbet-bright cooler from the 1870s.',
    ingredients: [
      [50, 'ml', 'Frolic London Dry Gin', DRY],
      [25, 'ml', 'fresh lemon juice'],
      [15, 'ml', 'sugar syrup'],
      [null, 'to top', 'soda water'],
      [null, 'to garnish', 'lemon wheel'],
    ],
    steps: [
      'Shake the gin, lemon juice and sugar syrup hard with ice for 10 seconds.',
      'Strain into a Collins glass filled with fresh ice.',
      'Top with soda water and stir gently to mix.',
      'Garnish with a lemon wheel.',
    ],
    art: { colour: '#f1ecc2', glass: 'highball', garnish: 'lemon-wheel', ice: 'cubes', top: 'bubbles' },
  },
  {
    slug: 'bramble',
    name: 'Bramble',
    baseSpirit: 'gin',
    glass: 'Rocks glass',
    difficulty: 'medium',
    prepMinutes: 5,
    description: 'A modern British classic: gin, lemon and sugar over crushed ice, bled through with blackberry liqueur.',
    ingredients: [
      [50, 'ml', 'Frolic London Dry Gin', DRY],
      [25, 'ml', 'fresh lemon juice'],
      [12.5, 'ml', 'sugar syrup'],
      [15, 'ml', 'crème de mûre'],
      [null, 'to garnish', 'fresh blackberries'],
    ],
    steps: [
      'Fill a rocks glass with crushed ice.',
      'Shake the gin, lemon juice and sugar syrup with ice, then strain over the crushed ice.',
      'Slowly drizzle the crème de mûre over the top so it bleeds down through the ice.',
      'Crown with a little more crushed ice and the blackberries.',
    ],
    art: { colour: '#7a2350', glass: 'rocks', garnish: 'blackberry', ice: 'crushed' },
  },
  {
    slug: 'pink-g-and-t',
    name: 'Pink G&T',
    baseSpirit: 'gin',
    glass: 'Copa glass',
    difficulty: 'easy',
    prepMinutes: 2,
    description: 'Pink Grapefruit Gin with light tonic, a slice of grapefruit and a sprig of rosemary: zesty, bittersweet and pretty in pink.',
    ingredients: [
      [50, 'ml', 'Frolic Pink Grapefruit Gin', PINK],
      [null, 'to top', 'light tonic water'],
      [null, 'to garnish', 'pink grapefruit slice'],
      [null, 'to garnish', 'rosemary sprig'],
    ],
    steps: [
      'Fill a copa glass with ice.',
      'Pour in the gin and top with chilled tonic water.',
      'Tuck the grapefruit slice and the rosemary sprig into the glass.',
      'Stir once, gently, and serve.',
    ],
    art: { colour: '#f5b3c2', glass: 'copa', garnish: 'grapefruit', ice: 'cubes', top: 'bubbles' },
  },
  {
    slug: 'navy-gimlet',
    name: 'Navy Gimlet',
    baseSpirit: 'gin',
    glass: 'Coupe',
    difficulty: 'easy',
    prepMinutes: 3,
    description: 'Navy strength gin and lime shaken ice-cold: the sailor’s sundowner, bracing and bright. Strong, so sip it slowly.',
    ingredients: [
      [50, 'ml', 'Frolic Navy Strength Gin', NAVY],
      [20, 'ml', 'lime cordial'],
      [10, 'ml', 'fresh lime juice'],
      [null, 'to garnish', 'lime wheel'],
    ],
    steps: [
      'Chill a coupe in the freezer for a few minutes.',
      'Shake the gin, lime cordial and lime juice hard with ice.',
      'Double strain into the chilled coupe.',
      'Float a thin lime wheel on top.',
    ],
    art: { colour: '#d9e8b2', glass: 'coupe', garnish: 'lime-wheel' },
  },
  {
    slug: 'clover-club',
    name: 'Clover Club',
    baseSpirit: 'gin',
    glass: 'Coupe',
    difficulty: 'hard',
    prepMinutes: 7,
    description: 'Gin, raspberry and lemon under a silky egg-white foam: a pre-Prohibition Philadelphia favourite that rewards a good shake.',
    ingredients: [
      [50, 'ml', 'Frolic London Dry Gin', DRY],
      [20, 'ml', 'fresh lemon juice'],
      [15, 'ml', 'raspberry syrup'],
      [1, null, 'egg white'],
      [null, 'to garnish', 'fresh raspberries'],
    ],
    steps: [
      'Dry shake the gin, lemon juice, raspberry syrup and egg white without ice for 15 seconds to build the foam.',
      'Add ice and shake hard again until the tin is frosted.',
      'Double strain into a chilled coupe.',
      'Let the foam settle for a moment, then garnish with raspberries on a pick.',
    ],
    art: { colour: '#e0607a', glass: 'coupe', garnish: 'raspberry', top: 'foam' },
  },
  {
    slug: 'espresso-martini',
    name: 'Espresso Martini',
    baseSpirit: 'vodka',
    glass: 'Coupe',
    difficulty: 'medium',
    prepMinutes: 5,
    featured: true,
    description: 'Wheat vodka, our coffee liqueur and a fresh espresso shaken to a velvet crema: the after-dinner wake-up call.',
    ingredients: [
      [50, 'ml', 'Frolic Wheat Vodka', VODKA],
      [25, 'ml', 'Frolic Coffee Liqueur', COFFEE],
      [25, 'ml', 'freshly brewed espresso'],
      [5, 'ml', 'sugar syrup'],
      [3, null, 'coffee beans'],
    ],
    steps: [
      'Brew the espresso and let it cool for a minute.',
      'Shake the vodka, coffee liqueur, espresso and sugar syrup very hard with ice — the harder the shake, the thicker the crema.',
      'Double strain into a chilled coupe.',
      'Float three coffee beans on the crema.',
    ],
    art: { colour: '#3a2418', glass: 'coupe', garnish: 'coffee-beans', top: 'crema' },
  },
  {
    slug: 'moscow-mule',
    name: 'Moscow Mule',
    baseSpirit: 'vodka',
    glass: 'Copper mug',
    difficulty: 'easy',
    prepMinutes: 3,
    description: 'Clean wheat vodka, fiery ginger beer and fresh lime, served ice-cold in a copper mug.',
    ingredients: [
      [50, 'ml', 'Frolic Wheat Vodka', VODKA],
      [15, 'ml', 'fresh lime juice'],
      [null, 'to top', 'ginger beer'],
      [null, 'to garnish', 'lime wedge'],
    ],
    steps: ['Fill a copper mug with ice.', 'Add the vodka and lime juice.', 'Top with ginger beer and stir briefly.', 'Garnish with a lime wedge.'],
    art: { colour: '#e6d49a', glass: 'mug', garnish: 'lime-wedge', ice: 'cubes' },
  },
  {
    slug: 'old-fashioned',
    name: 'Old Fashioned',
    baseSpirit: 'whisky',
    glass: 'Rocks glass',
    difficulty: 'medium',
    prepMinutes: 5,
    featured: true,
    description: 'Our 12-year-old single malt, a touch of demerara and bitters, stirred slowly over ice. Patience is the main ingredient.',
    ingredients: [
      [50, 'ml', 'Frolic Single Malt 12 Year Old', MALT],
      [5, 'ml', 'demerara syrup'],
      [2, 'dashes', 'Angostura bitters'],
      [1, 'dash', 'orange bitters'],
      [null, 'to garnish', 'orange peel'],
    ],
    steps: [
      'Add the demerara syrup and both bitters to a mixing glass.',
      'Pour in the whisky, fill with ice and stir for about 40 seconds, tasting as the dilution softens it.',
      'Strain over one large ice cube in a rocks glass.',
      'Squeeze the orange peel over the glass, run it round the rim and drop it in.',
    ],
    art: { colour: '#b8661c', glass: 'rocks', garnish: 'orange-twist', ice: 'block' },
  },
  {
    slug: 'whisky-sour',
    name: 'Whisky Sour',
    baseSpirit: 'whisky',
    glass: 'Rocks glass',
    difficulty: 'hard',
    prepMinutes: 6,
    description: 'Single malt, lemon and sugar shaken with egg white to a silky head, finished with aromatic bitters.',
    ingredients: [
      [50, 'ml', 'Frolic Single Malt 12 Year Old', MALT],
      [25, 'ml', 'fresh lemon juice'],
      [15, 'ml', 'sugar syrup'],
      [1, null, 'egg white'],
      [3, 'dashes', 'Angostura bitters'],
    ],
    steps: [
      'Dry shake the whisky, lemon juice, sugar syrup and egg white without ice for 15 seconds.',
      'Add ice and shake hard again until well chilled.',
      'Strain into a rocks glass over fresh ice.',
      'Dot the bitters on the foam and draw a cocktail stick through them.',
    ],
    art: { colour: '#ddb05a', glass: 'rocks', garnish: 'none', ice: 'cubes', top: 'foam' },
  },
  {
    slug: 'malt-highball',
    name: 'Malt Highball',
    baseSpirit: 'whisky',
    glass: 'Highball glass',
    difficulty: 'easy',
    prepMinutes: 2,
    description: 'Single malt and ice-cold soda with a twist of lemon: long, light and surprisingly revealing of the whisky.',
    ingredients: [
      [40, 'ml', 'Frolic Single Malt 12 Year Old', MALT],
      [null, 'to top', 'chilled soda water'],
      [null, 'to garnish', 'lemon peel'],
    ],
    steps: [
      'Fill a highball glass with ice and stir to chill it, then pour off any water.',
      'Add the whisky.',
      'Top with soda water, pouring down the side of the glass, and lift once with a bar spoon.',
      'Squeeze the lemon peel over the top and drop it in.',
    ],
    art: { colour: '#ebc77e', glass: 'highball', garnish: 'lemon-twist', ice: 'cubes', top: 'bubbles' },
  },
  {
    slug: 'daiquiri',
    name: 'Daiquiri',
    baseSpirit: 'rum',
    glass: 'Coupe',
    difficulty: 'medium',
    prepMinutes: 4,
    description: 'White rum, lime and sugar, shaken hard and served straight up: three ingredients, perfectly balanced.',
    ingredients: [
      [50, 'ml', 'Frolic White Rum', WHITE],
      [25, 'ml', 'fresh lime juice'],
      [15, 'ml', 'sugar syrup'],
      [null, 'to garnish', 'lime wheel'],
    ],
    steps: [
      'Chill a coupe in the freezer.',
      'Shake the rum, lime juice and sugar syrup hard with plenty of ice for 12 seconds.',
      'Double strain into the chilled coupe.',
      'Garnish with a thin lime wheel on the rim.',
    ],
    art: { colour: '#eef0cc', glass: 'coupe', garnish: 'lime-wheel' },
  },
  {
    slug: 'mojito',
    name: 'Mojito',
    baseSpirit: 'rum',
    glass: 'Highball glass',
    difficulty: 'medium',
    prepMinutes: 6,
    description: 'White rum, fresh mint, lime and sugar churned with crushed ice and topped with soda: Havana’s favourite cooler.',
    ingredients: [
      [50, 'ml', 'Frolic White Rum', WHITE],
      [25, 'ml', 'fresh lime juice'],
      [2, 'barspoons', 'caster sugar'],
      [8, null, 'mint leaves'],
      [null, 'to top', 'soda water'],
      [null, 'to garnish', 'mint sprig'],
    ],
    steps: [
      'Gently press the mint leaves with the sugar and lime juice in a highball glass — bruise them, don’t shred them.',
      'Add the rum and fill the glass with crushed ice.',
      'Churn with a bar spoon until the outside of the glass frosts.',
      'Top with soda water, a little more crushed ice and the mint sprig.',
    ],
    art: { colour: '#e3f0cc', glass: 'highball', garnish: 'mint', ice: 'crushed' },
  },
  {
    slug: 'spiced-storm',
    name: 'Spiced Storm',
    baseSpirit: 'rum',
    glass: 'Highball glass',
    difficulty: 'easy',
    prepMinutes: 3,
    featured: true,
    description: 'Our spiced rum floated over fiery ginger beer and lime, in the style of a Dark ’n’ Stormy, with vanilla and clove in the clouds.',
    ingredients: [
      [50, 'ml', 'Frolic Spiced Rum', SPICED],
      [15, 'ml', 'fresh lime juice'],
      [120, 'ml', 'ginger beer'],
      [null, 'to garnish', 'lime wedge'],
    ],
    steps: [
      'Fill a highball glass with ice and add the lime juice.',
      'Pour in the ginger beer, leaving a finger’s width at the top.',
      'Pour the spiced rum slowly over the back of a spoon so it floats in a dark layer.',
      'Garnish with the lime wedge and serve with a stirrer.',
    ],
    art: { colour: '#8a4a1f', glass: 'highball', garnish: 'lime-wedge', ice: 'cubes' },
  },
  {
    slug: 'white-russian',
    name: 'White Russian',
    baseSpirit: 'liqueur',
    glass: 'Rocks glass',
    difficulty: 'easy',
    prepMinutes: 3,
    description: 'Our coffee liqueur and wheat vodka over ice, crowned with a float of cold cream: dessert in a glass.',
    ingredients: [
      [40, 'ml', 'Frolic Coffee Liqueur', COFFEE],
      [40, 'ml', 'Frolic Wheat Vodka', VODKA],
      [30, 'ml', 'chilled double cream'],
    ],
    steps: [
      'Fill a rocks glass with ice.',
      'Pour in the coffee liqueur and the vodka and stir briefly.',
      'Lightly shake the cream in a jar so it thickens a little.',
      'Float the cream on top by pouring it over the back of a spoon.',
    ],
    art: { colour: '#5a3521', glass: 'rocks', garnish: 'none', ice: 'cubes', top: 'cream' },
  },
  {
    slug: 'coffee-and-tonic',
    name: 'Coffee & Tonic',
    baseSpirit: 'liqueur',
    glass: 'Highball glass',
    difficulty: 'easy',
    prepMinutes: 2,
    description: 'Coffee liqueur lengthened with bitter tonic and brightened with orange: a light, long aperitivo with a roasted edge.',
    ingredients: [
      [40, 'ml', 'Frolic Coffee Liqueur', COFFEE],
      [null, 'to top', 'Indian tonic water'],
      [null, 'to garnish', 'orange wheel'],
    ],
    steps: [
      'Fill a highball glass with ice.',
      'Pour in the tonic water first, leaving room at the top.',
      'Slowly add the coffee liqueur so it settles in a layer.',
      'Garnish with an orange wheel and stir before drinking.',
    ],
    art: { colour: '#6b3f24', glass: 'highball', garnish: 'orange-wheel', ice: 'cubes', top: 'bubbles' },
  },
  {
    // A draft: proves an unpublished recipe never reaches the public site.
    slug: 'winter-spice-punch',
    name: 'Winter Spice Punch',
    baseSpirit: 'rum',
    glass: 'Punch cup',
    difficulty: 'medium',
    prepMinutes: 20,
    published: false,
    description: 'Still in development: a warm spiced rum punch for the festive season.',
    ingredients: [
      [500, 'ml', 'Frolic Spiced Rum', SPICED],
      [1, 'l', 'cloudy apple juice'],
      [2, null, 'cinnamon sticks'],
    ],
    steps: ['Warm the apple juice with the cinnamon.', 'Add the rum just before serving.'],
    art: { colour: '#a0522d', glass: 'mug', garnish: 'orange-wheel' },
  },
];

export async function seedCocktails(tx: DbOrTx): Promise<void> {
  const slugs = [...new Set(DEMO_COCKTAILS.flatMap((c) => c.ingredients.flatMap(([, , , p]) => (p ? [p] : []))))];
  const rows = await tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs));
  const productIds = new Map(rows.map((r) => [r.slug, r.id]));
  for (const c of DEMO_COCKTAILS) {
    const [row] = await tx
      .insert(cocktails)
      .values({
        slug: c.slug,
        name: c.name,
        description: c.description,
        baseSpirit: c.baseSpirit,
        glass: c.glass,
        difficulty: c.difficulty,
        steps: c.steps,
        imageUrl: `/images/cocktails/${c.slug}.svg`,
        prepMinutes: c.prepMinutes,
        featured: c.featured ?? false,
        published: c.published ?? true,
      })
      .returning({ id: cocktails.id });
    const cocktailId = (row as { id: number }).id;
    await tx.insert(cocktailIngredients).values(
      c.ingredients.map(([amount, unit, name, product], i) => ({
        cocktailId,
        position: i + 1,
        name,
        amount,
        unit,
        productId: product ? (productIds.get(product) ?? null) : null,
      })),
    );
  }
}
