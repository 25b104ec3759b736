import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, businessInquiries, contactMessages } from '../../server/db/schema';
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

const humanStart = () => String(Date.now() - 10_000);

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie, ...headers },
    redirect: 'manual',
  });
}

const contact = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  subject: 'Our products',
  message: 'Is the navy strength gin available in 70cl?',
  form_started: humanStart(),
};

describe('contact form (no JavaScript: a plain form post)', () => {
  it('stores the message and redirects to the success state', async () => {
    const res = await postForm('/contact', { ...contact, form_started: humanStart() });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/contact?sent=1');
    const [row] = await t.db.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Our products', status: 'new' });
    const [audit] = await t.db.database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit).toMatchObject({ action: 'INSERT', tableName: 'contact_messages', recordId: String(row?.id) });
    const page = await (await fetch(`${t.url}/contact?sent=1`, { headers: { cookie } })).text();
    expect(page).toContain('your message is on its way');
  });

  it('answers invalid fields with inline errors and keeps what was typed', async () => {
    const res = await postForm('/contact', { name: '', email: 'not-an-email', subject: 'Our products', message: 'short', form_started: humanStart() });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter your name.');
    expect(html).toContain('Enter a valid email address.');
    expect(html).toContain('A message must be at least 10 characters.');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('aria-invalid="true"');
  });

  it('audits a JSON client’s message with where it came from: address and user agent, as a form post is', async () => {
    const res = await fetch(`${t.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'ContactBot/1.0 (api)' },
      body: JSON.stringify({ ...contact, subject: 'Our products', form_started: humanStart() }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [audit] = await t.db.database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit).toMatchObject({ action: 'INSERT', tableName: 'contact_messages', recordId: String(id), userId: null, userAgent: 'ContactBot/1.0 (api)' });
    expect(audit?.ipAddress).toBeTruthy();
  });

  it('silently drops a submission that fills the honeypot, or comes without the form’s time stamp', async () => {
    const before = (await t.db.database.db.select().from(contactMessages)).length;
    const res = await postForm('/contact', { ...contact, website: 'http://spam.example' });
    expect(res.status).toBe(302);
    const { form_started: _started, ...noStamp } = contact;
    expect((await postForm('/contact', noStamp)).status).toBe(302);
    expect((await t.db.database.db.select().from(contactMessages)).length).toBe(before);
  });
});

describe('business inquiry', () => {
  const inquiry = {
    company: 'Harbour Wines Ltd',
    contactName: 'Sam Reid',
    email: 'sam@harbour.example',
    phone: '+44 20 7946 0000',
    partnerType: 'distributor',
    licenceNumber: 'LIC-99812',
    region: 'Greater London',
    country: 'GB',
    expectedVolume: '250–1,000 cases a year',
    message: 'We supply 120 independent shops in London and would like to carry your gins.',
  };

  it('stores a trade partner inquiry', async () => {
    const res = await postForm('/business-inquiry', { ...inquiry, form_started: humanStart() });
    expect(res.status).toBe(302);
    const [row] = await t.db.database.db.select().from(businessInquiries).orderBy(desc(businessInquiries.id)).limit(1);
    expect(row).toMatchObject({ company: 'Harbour Wines Ltd', partnerType: 'distributor', licenceNumber: 'LIC-99812', status: 'new', country: 'GB' });
  });

  it('is refused with a clear message after five submissions from one network', async () => {
    // One already landed above; four more are allowed, the sixth is refused.
    for (let i = 0; i < 4; i++) expect((await postForm('/business-inquiry', { ...inquiry, form_started: humanStart() })).status).toBe(302);
    const refused = await postForm('/business-inquiry', { ...inquiry, form_started: humanStart() });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Too many messages from your network');
    const api = await fetch(`${t.url}/api/business-inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(inquiry),
    });
    expect(api.status).toBe(429);
    expect((await api.json()).error.code).toBe('rate_limited');
  });

  it('validates JSON clients with the same schema', async () => {
    const res = await fetch(`${t.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x' }) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });
});

describe('search engines', () => {
  it('lists exactly the published products and cocktails in sitemap.xml', async () => {
    const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    const products = locs.filter((p) => p.startsWith('/products/'));
    const active = (await (await fetch(`${t.url}/api/products?pageSize=100`)).json()).items.map((p: { slug: string }) => `/products/${p.slug}`);
    expect(products.sort()).toEqual(active.sort());
    const cocktails = locs.filter((p) => p.startsWith('/cocktails/'));
    const published = await t.app.services.cocktails.listPublished({});
    expect(cocktails.sort()).toEqual(published.map((c) => `/cocktails/${c.slug}`).sort());
    expect(locs).toContain('/store-locator');
  });

  it('serves robots.txt with an absolute sitemap address', async () => {
    const text = await (await fetch(`${t.url}/robots.txt`)).text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${t.url}/sitemap.xml`);
  });

  it('names the configured public origin in robots.txt and sitemap.xml, whatever Host the request came with (a shared cache may not key on it)', async () => {
    const pub = await startTestServer({ PUBLIC_ORIGIN: 'https://www.frolic.example' });
    try {
      expect(await (await fetch(`${pub.url}/robots.txt`)).text()).toContain('Sitemap: https://www.frolic.example/sitemap.xml');
      const xml = await (await fetch(`${pub.url}/sitemap.xml`)).text();
      expect(xml).toContain('<loc>https://www.frolic.example/products/frolic-london-dry-gin</loc>');
      expect(xml).not.toContain(pub.url);
    } finally {
      await pub.close();
    }
  });

  it('describes a product with schema.org Product data', async () => {
    const html = await (await fetch(`${t.url}/products/frolic-london-dry-gin`, { headers: { cookie } })).text();
    const block = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    const json = JSON.parse(block as string);
    expect(json['@type']).toBe('Product');
    expect(json.name).toBe('Frolic London Dry Gin');
    expect(json.offers).toMatchObject({ priceCurrency: 'GBP', price: '28.95' });
    expect(html).toContain('property="og:title"');
  });
});

describe('market', () => {
  it('follows the gate country and can be changed in the footer', async () => {
    const gbPage = await (await fetch(`${t.url}/products/frolic-london-dry-gin`, { headers: { cookie } })).text();
    expect(gbPage).toContain('£28.95');
    const res = await postForm('/market', { market: 'US', returnTo: '/products/frolic-london-dry-gin' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/products/frolic-london-dry-gin');
    const marketCookie = (res.headers.getSetCookie()[0] as string).split(';')[0] as string;
    const usPage = await (await fetch(`${t.url}/products/frolic-london-dry-gin`, { headers: { cookie: `${cookie}; ${marketCookie}` } })).text();
    expect(usPage).toContain('$34.99');
  });
});

describe('legal pages', () => {
  it('has a privacy policy, terms, a cookie notice naming each cookie, and an imprint', async () => {
    for (const [path, text] of [
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Use'],
      ['/cookies', 'frolic_age'],
      ['/imprint', 'Registered office'],
    ] as const) {
      const res = await fetch(`${t.url}${path}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(text);
    }
  });
});
