// Catalogue fixtures shared by API tests and journeys.
import sharp from 'sharp';

/** A small PNG of one colour (60×90), as a staff member would upload to the media library. */
export function pngOf(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 90, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A complete body for `POST /api/admin/products`: an active 70 cl gin with these media ids as its pictures. */
export function galleryProductBody(slug: string, images: string[]) {
  return {
    name: 'Frolic Gallery Gin',
    slug,
    category: 'gin',
    abv: 41.3,
    volumeMl: 700,
    caseSize: 6,
    description: 'A gin with two pictures.',
    tastingNotes: { nose: 'Juniper', palate: 'Citrus', finish: 'Dry' },
    images,
    retailPrices: { GB: 3200 },
    lowStockThreshold: 5,
    featured: false,
    status: 'active',
  };
}
