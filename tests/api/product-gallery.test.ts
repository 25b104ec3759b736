import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductForEdit, PublicProductDetail } from '../../shared/schemas/catalog';
import { galleryProductBody, pngOf } from '../support/catalog';
import { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let admin: Client;
let visitor: Client;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'gallery');
  visitor = await new Client(t.url).passGate();
});
afterAll(async () => {
  await t?.close();
});

const SLUG = 'frolic-gallery-gin';

async function uploadPng(colour: string, name: string, altText?: string): Promise<string> {
  const png = await pngOf(colour);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  if (altText !== undefined) form.append('altText', altText);
  const res = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: admin.header() } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).media.id;
}

async function publicProduct(): Promise<PublicProductDetail> {
  const res = await visitor.get(`/api/products/${SLUG}`);
  expect(res.status).toBe(200);
  return (await res.json()).product;
}

async function productPage(): Promise<string> {
  const res = await visitor.get(`/products/${SLUG}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The thumbnails in the server's HTML, in order: links to the full images, named by position. */
function thumbnailLinks(html: string): [string, string][] {
  return [...html.matchAll(/<a href="([^"]+)" data-press-key="gallery-\d+" aria-label="(Show image \d+ of \d+)"/g)].map((m) => [
    m[1] as string,
    m[2] as string,
  ]);
}

const mainImage = (html: string) => html.match(/<img src="([^"]+)" alt="([^"]*)" width="240" height="420"/)?.slice(1);

describe('a product gallery on the public site', () => {
  let green: string;
  let amber: string;
  let product: ProductForEdit;

  beforeAll(async () => {
    green = await uploadPng('#2f5d50', 'green.png', 'The gin in a green glass');
    amber = await uploadPng('#c58b2a', 'amber.png');
    const res = await admin.json('POST', '/api/admin/products', galleryProductBody(SLUG, [green, amber]));
    expect(res.status, await res.clone().text()).toBe(201);
    product = (await res.json()).product;
  });

  it('lists the images in order, with alt text or a fallback naming the product', async () => {
    const p = await publicProduct();
    expect(p.imageUrl).toBe(`/media/${green}/web`);
    expect(p.images).toEqual([
      { url: `/media/${green}/web`, thumbUrl: `/media/${green}/thumb`, alt: 'The gin in a green glass' },
      { url: `/media/${amber}/web`, thumbUrl: `/media/${amber}/thumb`, alt: 'Frolic Gallery Gin, image 2 of 2' },
    ]);
    // The list stays lean: no gallery per item.
    const list = await (await visitor.get('/api/products?category=gin')).json();
    expect(list.items.find((i: { slug: string }) => i.slug === SLUG)).not.toHaveProperty('images');
  });

  it('renders the first image and thumbnails that link to the full images without JavaScript', async () => {
    const html = await productPage();
    expect(mainImage(html)).toEqual([`/media/${green}/web`, 'The gin in a green glass']);
    expect(thumbnailLinks(html)).toEqual([
      [`/media/${green}/web`, 'Show image 1 of 2'],
      [`/media/${amber}/web`, 'Show image 2 of 2'],
    ]);
    expect(html).toContain(`src="/media/${amber}/thumb"`);
    expect(html).toMatch(/<img src="\/media\/[^"]+\/thumb" alt="" width="64" height="64" loading="lazy"/);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/)?.[1] ?? '{}');
    expect(ld.image).toEqual([`/media/${green}/web`, `/media/${amber}/web`]);
  });

  it('shows a new order at once after staff reorder the images', async () => {
    await productPage(); // cached now
    const res = await admin.json('PUT', `/api/admin/products/${product.id}`, {
      version: product.version,
      name: product.name,
      slug: product.slug,
      category: product.category,
      abv: product.abv,
      volumeMl: product.volumeMl,
      caseSize: product.caseSize,
      description: product.description,
      tastingNotes: product.tastingNotes,
      images: [amber, green],
      retailPrices: product.retailPrices,
      tradePrices: product.tradePrices,
      lowStockThreshold: product.lowStockThreshold,
      featured: product.featured,
      status: product.status,
    });
    expect(res.status, await res.clone().text()).toBe(200);

    const html = await productPage();
    expect(mainImage(html)).toEqual([`/media/${amber}/web`, 'Frolic Gallery Gin, image 1 of 2']);
    expect(thumbnailLinks(html).map(([url]) => url)).toEqual([`/media/${amber}/web`, `/media/${green}/web`]);
    expect((await publicProduct()).images.map((i) => i.url)).toEqual([`/media/${amber}/web`, `/media/${green}/web`]);
  });

  it('shows a changed alt text at once', async () => {
    await productPage(); // cached now
    const res = await admin.json('PATCH', `/api/admin/media/${amber}`, { altText: 'The gin in an amber glass' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(mainImage(await productPage())).toEqual([`/media/${amber}/web`, 'The gin in an amber glass']);
  });

  it('keeps the seeded illustration and no thumbnails for a product without a gallery', async () => {
    const res = await visitor.get('/api/products/frolic-london-dry-gin');
    expect((await res.json()).product.images).toEqual([]);
    const html = await (await visitor.get('/products/frolic-london-dry-gin')).text();
    expect(mainImage(html)?.[1]).toBe('Frolic London Dry Gin bottle');
    expect(thumbnailLinks(html)).toEqual([]);
  });
});
