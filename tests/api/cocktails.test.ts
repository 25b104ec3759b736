import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CocktailDetail, CocktailSummary } from '../../shared/schemas/cocktails';
import { cocktails } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await passGate(t.url, 'GB');
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });
const list = async (qs = ''): Promise<{ items: CocktailSummary[]; total: number }> => {
  const res = await get(`/api/cocktails${qs}`);
  expect(res.status).toBe(200);
  return res.json();
};
const detail = async (idOrSlug: string): Promise<CocktailDetail> => {
  const res = await get(`/api/cocktails/${idOrSlug}`);
  expect(res.status).toBe(200);
  return (await res.json()).cocktail;
};
const names = (items: { name: string }[]) => items.map((c) => c.name);

describe('GET /api/cocktails', () => {
  it('lists every published cocktail, ordered by name', async () => {
    const body = await list();
    expect(body.total).toBe(17);
    expect(body.items).toHaveLength(17);
    const ordered = names(body.items);
    expect(ordered).toEqual([...ordered].sort((a, b) => a.localeCompare(b)));
    expect(ordered).toEqual(expect.arrayContaining(['Negroni', 'Gin & Tonic', 'Espresso Martini', 'Old Fashioned', 'Daiquiri', 'White Russian']));
    expect(body.items[0]).toMatchObject({
      name: 'Bramble',
      slug: 'bramble',
      baseSpirit: 'gin',
      glass: 'Rocks glass',
      difficulty: 'medium',
      imageUrl: '/images/cocktails/bramble.svg',
      prepMinutes: 5,
    });
    expect(new Set(body.items.map((c) => c.baseSpirit))).toEqual(new Set(['gin', 'vodka', 'whisky', 'rum', 'liqueur']));
  });

  it('filters by base spirit and by difficulty, alone or together', async () => {
    const gin = await list('?baseSpirit=gin');
    expect(gin.total).toBe(7);
    expect(gin.items.every((c) => c.baseSpirit === 'gin')).toBe(true);
    const hard = await list('?difficulty=hard');
    expect(names(hard.items)).toEqual(['Clover Club', 'Whisky Sour']);
    const easyWhisky = await list('?baseSpirit=whisky&difficulty=easy');
    expect(names(easyWhisky.items)).toEqual(['Malt Highball']);
    // An empty value is no filter (a GET form's "All" option).
    expect(names((await list('?baseSpirit=&difficulty=hard')).items)).toEqual(['Clover Club', 'Whisky Sour']);
    const none = await list('?baseSpirit=liqueur&difficulty=hard');
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('answers a bad filter with 400 validation_failed naming each field', async () => {
    const res = await get('/api/cocktails?baseSpirit=beer&difficulty=extreme');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['baseSpirit', 'difficulty']);
    expect(body.error.hint).toBeTruthy();
  });

  it('answers 304 to a client that has the current version', async () => {
    const first = await get('/api/cocktails?baseSpirit=rum');
    const etag = first.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect((await get('/api/cocktails?baseSpirit=rum', { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('GET /api/cocktails/:idOrSlug', () => {
  it('returns a recipe with its ingredients in order, amounts, units and links to our products', async () => {
    const negroni = await detail('negroni');
    expect(negroni).toMatchObject({ name: 'Negroni', baseSpirit: 'gin', glass: 'Rocks glass', difficulty: 'easy', prepMinutes: 3, featured: true });
    expect(negroni.ingredients).toEqual([
      { position: 1, name: 'Frolic London Dry Gin', amount: 25, unit: 'ml', product: { slug: 'frolic-london-dry-gin', name: 'Frolic London Dry Gin' } },
      { position: 2, name: 'Campari', amount: 25, unit: 'ml', product: null },
      { position: 3, name: 'sweet vermouth', amount: 25, unit: 'ml', product: null },
      { position: 4, name: 'orange peel', amount: null, unit: 'to garnish', product: null },
    ]);
    expect(negroni.steps).toHaveLength(4);
    expect(negroni.steps[0]).toBe('Fill a mixing glass with ice.');
    expect(negroni.products.map((p) => p.slug)).toEqual(['frolic-london-dry-gin']);
  });

  it('lists each of our products a recipe uses once, in ingredient order', async () => {
    const espresso = await detail('espresso-martini');
    expect(espresso.ingredients.map((i) => i.position)).toEqual([1, 2, 3, 4, 5]);
    expect(espresso.products.map((p) => p.slug)).toEqual(['frolic-wheat-vodka', 'frolic-coffee-liqueur']);
    const bramble = await detail('bramble');
    expect(bramble.ingredients.find((i) => i.name === 'sugar syrup')?.amount).toBe(12.5);
  });

  it('finds a recipe by its numeric id too', async () => {
    const { items } = await list();
    const daiquiri = items.find((c) => c.slug === 'daiquiri') as CocktailSummary;
    expect((await detail(String(daiquiri.id))).slug).toBe('daiquiri');
  });

  it('answers 404 JSON for an unknown recipe and 400 for a malformed one', async () => {
    // Ids beyond the column's range are simply not found (no database error).
    for (const path of ['/api/cocktails/no-such-drink', '/api/cocktails/999999', '/api/cocktails/9999999999', '/api/cocktails/0']) {
      expect((await get(path)).status, path).toBe(404);
    }
    const missing = await (await get('/api/cocktails/no-such-drink')).json();
    expect(missing.error).toMatchObject({ code: 'not_found', message: 'Cocktail not found.' });
    expect((await get('/api/cocktails/Bad_Slug!')).status).toBe(400);
  });
});

describe('the unpublished draft', () => {
  it('is never listed, under any filter or product, nor fetchable by slug or id', async () => {
    const [draft] = await t.db.database.db.select().from(cocktails).where(eq(cocktails.slug, 'winter-spice-punch'));
    expect(draft?.published).toBe(false);
    for (const qs of ['', '?baseSpirit=rum', '?difficulty=medium', '?baseSpirit=rum&difficulty=medium']) {
      expect(names((await list(qs)).items)).not.toContain('Winter Spice Punch');
    }
    const spiced = await t.app.services.cocktails.listPublished({ productSlug: 'frolic-spiced-rum' });
    expect(names(spiced)).toEqual(['Spiced Storm']);
    expect((await get('/api/cocktails/winter-spice-punch')).status).toBe(404);
    expect((await get(`/api/cocktails/${draft?.id}`)).status).toBe(404);
    expect((await get('/cocktails/winter-spice-punch', { cookie })).status).toBe(404);
    expect(await (await get('/cocktails', { cookie })).text()).not.toContain('Winter Spice Punch');
  });
});

describe('the service', () => {
  it('lists the featured recipes and those that use one of our products', async () => {
    const svc = t.app.services.cocktails;
    expect(names(await svc.listPublished({ featured: true }))).toEqual(['Espresso Martini', 'Negroni', 'Old Fashioned', 'Spiced Storm']);
    expect(names(await svc.listPublished({ featured: true, limit: 3 }))).toEqual(['Espresso Martini', 'Negroni', 'Old Fashioned']);
    expect(names(await svc.listPublished({ productSlug: 'frolic-coffee-liqueur' }))).toEqual(['Coffee & Tonic', 'Espresso Martini', 'White Russian']);
    expect(await svc.listPublished({ productSlug: 'no-such-product' })).toEqual([]);
  });
});

describe('pages', () => {
  it('renders the list with a filter from the URL', async () => {
    const html = await (await get('/cocktails?baseSpirit=rum', { cookie })).text();
    expect(html).toContain('3 cocktails');
    expect(html).toContain('Daiquiri');
    expect(html).not.toContain('Negroni');
  });

  it('renders a recipe with its Recipe JSON-LD and the forward-advice notice; 404 for an unknown one', async () => {
    const res = await get('/cocktails/negroni', { cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Share only with people of legal drinking age.');
    expect(html).toContain('href="/products/frolic-london-dry-gin"');
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const ld = JSON.parse(script as string);
    expect(ld).toMatchObject({ '@type': 'Recipe', name: 'Negroni', recipeYield: '1 drink', prepTime: 'PT3M' });
    expect(ld.recipeIngredient[0]).toBe('25 ml Frolic London Dry Gin');
    expect((await get('/cocktails/no-such-drink', { cookie })).status).toBe(404);
  });
});

describe('after a product is taken off sale', () => {
  it('keeps the ingredient but drops its link, at once', async () => {
    const before = await get('/api/cocktails/espresso-martini');
    const etag = before.headers.get('etag') as string;
    await t.app.services.catalog.updateProduct('frolic-coffee-liqueur', { version: 1, status: 'archived' }, SYSTEM_ACTOR);

    const after = await get('/api/cocktails/espresso-martini', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const { cocktail } = (await after.json()) as { cocktail: CocktailDetail };
    expect(cocktail.ingredients[1]).toMatchObject({ name: 'Frolic Coffee Liqueur', amount: 25, product: null });
    expect(cocktail.products.map((p) => p.slug)).toEqual(['frolic-wheat-vodka']);
    expect(await t.app.services.cocktails.listPublished({ productSlug: 'frolic-coffee-liqueur' })).toEqual([]);
  });
});
