// Demo mode: the collateral Frolic offers its partners (Request Materials), so the demo network has
// something to download and to ask printed copies of: without it a fresh demo's form is locked.
// Each item is a small PDF drawn here with pdfkit (server/core/pdf.ts), stored through the media
// library like a staff upload, and published for its partner types. Once per database: a later
// start, or collateral staff already made, leaves the list as it is.
import { count, eq } from 'drizzle-orm';
import type { CollateralAudience, CollateralKind } from '../../shared/marketing-constants';
import { SYSTEM_ACTOR } from '../core/actor';
import { renderPdf } from '../core/pdf';
import type { Db } from '../db/client';
import { appMeta, collateralItems } from '../db/schema';
import type { Services } from '../services';

const SEED_KEY = 'demo_collateral_seeded_at';

interface SeedCollateral {
  file: string;
  title: string;
  kind: CollateralKind;
  description: string;
  audience: CollateralAudience[];
  /** The PDF's lines under its title. */
  lines: string[];
}

export const DEMO_COLLATERAL: readonly SeedCollateral[] = [
  {
    file: 'frolic-brand-brochure.pdf',
    title: 'Frolic brand brochure',
    kind: 'brochure',
    description: 'The range, the distillery and the serves, for buyers and shop staff.',
    audience: ['importer', 'distributor', 'retailer'],
    lines: ['Small-batch spirits from Frolic.', 'The range, where it is made, and how to serve it.'],
  },
  {
    file: 'frolic-shelf-talkers.pdf',
    title: 'Shelf talkers',
    kind: 'shelf_talker',
    description: 'Cards for the shelf edge, one per bottle, with tasting notes.',
    audience: ['distributor', 'retailer'],
    lines: ['One card per bottle, for the shelf edge.', 'Tasting notes and a serving suggestion on each.'],
  },
  {
    file: 'frolic-trade-price-list.pdf',
    title: 'Trade price list',
    kind: 'price_list',
    description: 'Case sizes and the list prices by market, for planning orders.',
    audience: ['importer', 'distributor'],
    lines: ['Case sizes and list prices by market.', 'Your own trade terms are in the partner portal.'],
  },
];

const pdfOf = (c: SeedCollateral) =>
  renderPdf({ title: c.title, author: 'Frolic' }, (doc) => {
    doc.font('Bold').fontSize(22).text(c.title);
    doc.moveDown().font('Body').fontSize(12);
    for (const line of [...c.lines, '', 'Demo collateral: replace it in Collateral & Events.']) doc.text(line);
  });

/**
 * Seeds the demo collateral once; answers how many items it created (0 when it had already run, or
 * staff had made collateral of their own). Start-up runs one instance at a time (the start-up lock).
 */
export async function seedDemoCollateral(services: Services, db: Db): Promise<number> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
  if (done) return 0;
  const [existing] = await db.select({ n: count() }).from(collateralItems);
  let created = 0;
  if (!existing?.n)
    for (const c of DEMO_COLLATERAL) {
      const media = await services.media.upload({ buffer: await pdfOf(c), originalName: c.file }, { kind: 'document' }, SYSTEM_ACTOR);
      await services.marketing.createCollateral(
        { title: c.title, kind: c.kind, description: c.description, mediaId: media.id, audience: c.audience, published: true },
        SYSTEM_ACTOR,
      );
      created++;
    }
  await db.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  return created;
}
