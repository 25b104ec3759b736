// The brand's own copy as CMS pages (issue 18): About, Drink Responsibly and the legal pages, seeded
// once from the text the site shipped with, then edited by the master admin in Content Management.
// Their routes (app/routes.ts) keep their addresses and render these pages. Seeded at every start
// when missing (never over an existing page), published, audited as the system.
import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pages, pageVersions } from '../db/schema';
import { SYSTEM_ACTOR } from '../core/actor';
import { recordAudit } from '../modules/audit';
import type { RoutePageSlug } from '../../shared/page-constants';

export interface BrandPage {
  slug: RoutePageSlug;
  title: string;
  description: string;
  content: string;
}

export const BRAND_PAGES: BrandPage[] = [
  {
    slug: 'about',
    title: 'About Frolic',
    description:
      'Frolic has distilled small-batch spirits in copper pot stills since 1998. Meet the people, the values and the distillery behind every bottle.',
    content: `# Distilled slowly, in small batches, since 1998

Frolic began with one 500-litre copper pot still in a former dairy on the edge of Edinburgh. Twenty-eight years later we still distil every batch by hand — now on four stills — and still taste every cask before it is bottled.

## What we believe

### Patience

Our gins rest for six weeks before bottling and our single malt for twelve years. We do not rush a spirit.

### Provenance

Winter wheat from the Lothians, water from our own borehole, botanicals we can trace to the farm.

### Responsibility

We market only to adults, print units on every label and support the organisations that help people drink well.

## The distillery

Our stills are named after the founders’ grandmothers: Agnes, Morag, Elspeth and Jean. Agnes, the smallest, makes our London Dry Gin in runs of just 400 bottles. The botanicals steep overnight in the pot before the heat goes on, and our distillers make the cut by nose.

The whisky matures in a stone warehouse by the Firth of Forth, in ex-bourbon and first-fill sherry casks. Sea air finds its way into every cask.
`,
  },
  {
    slug: 'drink-responsibly',
    title: 'Drink responsibly',
    description: 'How to enjoy spirits responsibly: units in a serve of Frolic, low-risk drinking guidance and organisations that can help.',
    content: `Great spirits are for savouring. Here is how to enjoy ours well.

## Simple guidance

- Know your limits: UK guidance is not to drink more than 14 units a week on a regular basis, spread over three or more days.
- Have several drink-free days each week, and alternate alcoholic drinks with water.
- Never drink and drive, and do not drink if you are pregnant or trying to conceive.
- Eat before and while you drink, and measure your serves rather than free-pouring.
- Never share alcohol — or content about it — with anyone under the legal drinking age.

## Units in a serve

One UK unit is 10 ml of pure alcohol: volume (ml) × ABV (%) ÷ 1000.

| Serve | Units |
| --- | ---: |
| A 25 ml measure of Frolic London Dry Gin (43%) | 1.1 |
| A 50 ml double of Frolic Wheat Vodka (40%) | 2.0 |
| A 25 ml measure of Frolic Navy Strength Gin (57.1%) | 1.4 |
| A 35 ml dram of Frolic Single Malt 12 (46%) | 1.6 |
| A 50 ml serve of Frolic Coffee Liqueur (25%) | 1.3 |

## Where to find help

These independent organisations offer advice and support (links open their own sites).

- [Drinkaware (UK)](https://www.drinkaware.co.uk/)
- [Responsibility.org (US)](https://www.responsibility.org/)
- [Educ’alcool (Canada)](https://www.educalcool.qc.ca/en/)
- [DrinkWise (Australia)](https://drinkwise.org.au/)
- [IARD — International Alliance for Responsible Drinking](https://www.iard.org/)
`,
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    description: 'How Frolic Spirits collects, uses and protects your personal data.',
    content: `## Who we are

Frolic Spirits Ltd is the controller of the personal data described here. You can reach our data protection contact at privacy@frolic.example.

## What we collect

Age verification: the year (and, when needed, the day and month) of your birth and your country are used once to decide whether you may enter. We do not store your date of birth; we keep only the result in a cookie.

Contact and business inquiries: the details you type into our forms, and the IP address they came from, so we can answer you and protect the forms from abuse.

Support chat: the messages you send and, if you give it, your email address.

## Why and on what basis

To comply with the law on the marketing of alcohol (age verification), to answer your requests (our legitimate interest, or steps before a contract with trade partners), and to keep the site secure.

## How long we keep it

Inquiries and chat conversations are kept for 24 months after the last contact, then deleted. Security logs are kept for 12 months.

## Your rights

You may ask for access to, correction or deletion of your data, object to its use, or complain to your data protection authority. Write to privacy@frolic.example.
`,
  },
  {
    slug: 'terms',
    title: 'Terms of Use',
    description: 'The terms that apply when you use the Frolic website.',
    content: `## Legal drinking age

This site is only for people of legal drinking age in the country where they are. By entering you confirm that you are.

## Our content

Text, images and recipes on this site belong to Frolic Spirits Ltd. You may share links to them with people of legal drinking age; please do not share them with anyone younger.

## Buying our spirits

We do not sell on this site. Links to online retailers take you to third-party sites whose own terms apply; prices shown there may change.

## Liability

We take care that the information here is accurate, but it is provided as is. Nothing in these terms limits liability that cannot be limited by law.
`,
  },
  {
    slug: 'cookies',
    title: 'Cookie Notice',
    description: 'Which cookies the Frolic website sets and why.',
    content: `## Only necessary cookies

We set only the cookies the site needs to work. We use no advertising, analytics or third-party cookies, so there is nothing to consent to; if that ever changes we will ask you first.

| Cookie | Why | How long |
| --- | --- | --- |
| \`frolic_age\` | Remembers that you passed the age check (or that entry was refused), so you are not asked on every page. | Until you close the browser, or 30 days if you chose “Remember me”; a refusal lasts a year |
| \`frolic_market\` | Remembers the market and currency you chose in the footer. | 1 year |
| \`frolic_toast\` | Carries a one-time message across a page redirect. | 1 minute |
| \`frolic_session\` | Keeps staff and partners signed in. | Until sign-out or the session times out |

## Browser storage

The flag “ageVerified” mirrors your age check in your browser’s session storage (or local storage with “Remember me”), and the support chat keeps its conversation id in local storage.
`,
  },
  {
    slug: 'imprint',
    title: 'Imprint',
    description: 'Legal information about Frolic Spirits Ltd.',
    content: `## Frolic Spirits Ltd

Registered office: 12 Copper Still Lane, Edinburgh EH1 1AA, United Kingdom.

Registered in Scotland, company number SC000000. VAT number GB 000 0000 00.

Directors: Isla Frolic, Daniel Marsh.

Email: hello@frolic.example · Telephone: +44 131 000 0000.

## Licences

Premises licence for distilling and warehousing under HMRC approval number FRL/0001.

## Credits

Place names in the store locator © GeoNames (geonames.org), licensed under CC BY 4.0.
`,
  },
];

/** Inserts and publishes each brand page that does not exist yet; answers how many it added. */
export async function ensureBrandPages(db: Db, now: () => number = Date.now): Promise<number> {
  let added = 0;
  for (const seed of BRAND_PAGES) {
    const done = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(or(eq(pages.slug, seed.slug), eq(pages.publishedSlug, seed.slug)))
        .limit(1);
      if (existing) return false;
      const at = new Date(now());
      const [page] = await tx
        .insert(pages)
        .values({ ...seed, draftN: 1, createdAt: at, updatedAt: at })
        .returning({ id: pages.id });
      const [version] = await tx
        .insert(pageVersions)
        .values({ pageId: page!.id, n: 1, ...seed, origin: 'seed', createdAt: at })
        .returning({ id: pageVersions.id });
      await tx
        .update(pages)
        .set({ status: 'published', publishedVersionId: version!.id, publishedSlug: seed.slug, publishedAt: at })
        .where(eq(pages.id, page!.id));
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'INSERT',
        tableName: 'pages',
        recordId: page!.id,
        newValues: { slug: seed.slug, title: seed.title, status: 'published', origin: 'seed' },
      });
      return true;
    });
    if (done) added += 1;
  }
  return added;
}
