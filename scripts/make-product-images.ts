// Draws the bottle illustrations for the seeded products (committed under public/images/products).
// Run with: npx tsx scripts/make-product-images.ts
//
// Every line of the label is given its width (`textLength`), so it fits the label whichever serif
// font the viewer has: Georgia where it exists, a wider fallback (DejaVu Serif) elsewhere, which
// pushed a 20 px bold "FROLIC" past both edges of the label.
import { writeFileSync } from 'node:fs';
import { SEED_PRODUCTS } from '../server/seed/products';

const LABEL = { x: 74, y: 200, width: 92, height: 110 };
const CENTRE = LABEL.x + LABEL.width / 2;
/** The widest a line may be: the label less 6 px on each side. */
const MAX_LINE = LABEL.width - 12;

/** A line of label text, centred, never wider than MAX_LINE (an estimate of its natural width otherwise). */
function line(text: string, y: number, size: number, attrs: string, width = Math.min(MAX_LINE, Math.round(text.length * size * 0.52))): string {
  return `<text x="${CENTRE}" y="${y}" text-anchor="middle" font-family="Georgia,serif" font-size="${size}" textLength="${width}" lengthAdjust="spacingAndGlyphs" ${attrs}>${text}</text>`;
}

/** One line, or two split where the longer line is shortest ("Pink" / "Grapefruit Gin"). */
function nameLines(label: string): string[] {
  const words = label.split(' ');
  if (words.length < 2 || label.length <= 11) return [label];
  let best = [label];
  for (let i = 1; i < words.length; i++) {
    const split = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    if (Math.max(...split.map((s) => s.length)) < Math.max(...best.map((s) => s.length))) best = split;
  }
  return best;
}

for (const p of SEED_PRODUCTS) {
  const lines = nameLines(p.name.replace(/^Frolic /, ''));
  const text = lines.map((l, i) => line(l, 262 + i * 18, 12, 'fill="#1c1917"')).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 420" width="240" height="420" role="img" aria-label="${p.name} bottle">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${p.colour}" stop-opacity=".85"/><stop offset=".5" stop-color="${p.colour}"/><stop offset="1" stop-color="${p.colour}" stop-opacity=".7"/></linearGradient></defs>
<rect width="240" height="420" fill="#f5efe6"/>
<ellipse cx="120" cy="398" rx="70" ry="8" fill="#000" opacity=".12"/>
<rect x="104" y="22" width="32" height="30" rx="4" fill="#3b2f2f"/>
<path d="M108 52h24v40c0 14 40 30 40 62v230a12 12 0 0 1-12 12H80a12 12 0 0 1-12-12V154c0-32 40-48 40-62z" fill="url(#g)"/>
<rect id="label" x="${LABEL.x}" y="${LABEL.y}" width="${LABEL.width}" height="${LABEL.height}" rx="6" fill="#fbf7f0" stroke="#c8a96a" stroke-width="2"/>
${line('FROLIC', 230, 18, 'font-weight="bold" fill="#7a5c1e"', 70)}
${text}
${line(`${(p.abvTenths / 10).toFixed(1)}% · ${p.volumeMl / 10}cl`, 300, 10, 'fill="#57534e"')}
</svg>
`;
  writeFileSync(`public/images/products/${p.slug}.svg`, svg);
}
