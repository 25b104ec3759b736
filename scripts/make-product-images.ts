// Draws the bottle illustrations for the seeded products (committed under public/images/products).
// Run with: npx tsx scripts/make-product-images.ts
import { writeFileSync } from 'node:fs';
import { SEED_PRODUCTS } from '../server/db/seed-data';

for (const p of SEED_PRODUCTS) {
  const label = p.name.replace(/^Frolic /, '');
  const words = label.split(' ');
  const lines = words.length > 2 ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')] : [label];
  const text = lines
    .map((l, i) => `<text x="120" y="${262 + i * 18}" text-anchor="middle" font-family="Georgia,serif" font-size="13" fill="#1c1917">${l}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 420" width="240" height="420" role="img" aria-label="${p.name} bottle">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${p.colour}" stop-opacity=".85"/><stop offset=".5" stop-color="${p.colour}"/><stop offset="1" stop-color="${p.colour}" stop-opacity=".7"/></linearGradient></defs>
<rect width="240" height="420" fill="#f5efe6"/>
<ellipse cx="120" cy="398" rx="70" ry="8" fill="#000" opacity=".12"/>
<rect x="104" y="22" width="32" height="30" rx="4" fill="#3b2f2f"/>
<path d="M108 52h24v40c0 14 40 30 40 62v230a12 12 0 0 1-12 12H80a12 12 0 0 1-12-12V154c0-32 40-48 40-62z" fill="url(#g)"/>
<rect x="78" y="200" width="84" height="110" rx="6" fill="#fbf7f0" stroke="#c8a96a" stroke-width="2"/>
<text x="120" y="232" text-anchor="middle" font-family="Georgia,serif" font-size="20" font-weight="bold" fill="#7a5c1e" letter-spacing="2">FROLIC</text>
${text}
<text x="120" y="300" text-anchor="middle" font-family="Georgia,serif" font-size="10" fill="#57534e">${(p.abvTenths / 10).toFixed(1)}% · ${p.volumeMl / 10}cl</text>
</svg>
`;
  writeFileSync(`public/images/products/${p.slug}.svg`, svg);
}
