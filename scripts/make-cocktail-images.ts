// Draws the cocktail illustrations for the seeded recipes (committed under public/images/cocktails):
// a stylised glass in the drink's colour with its ice, head and garnish. Nothing is fetched.
// Run with: npx tsx scripts/make-cocktail-images.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEMO_COCKTAILS, type DemoCocktail, type Garnish, type GlassShape } from '../server/seed/cocktails';

const W = 400;
const H = 300;
const GLASS_STROKE = '#b3aa9c';

interface Glass {
  outer: string;
  inner: string;
  /** Where the drink's surface sits and where the rim is. */
  liquidTop: number;
  bottom: number;
  rim: { y: number; left: number; right: number };
  highlight: string;
  stem?: boolean;
}

const GLASSES: Record<Exclude<GlassShape, 'mug'>, Glass> = {
  rocks: {
    outer: 'M138 128 L146 262 Q147 270 156 270 L244 270 Q253 270 254 262 L262 128 Z',
    inner: 'M143 130 L150 250 L250 250 L257 130 Z',
    liquidTop: 164,
    bottom: 250,
    rim: { y: 128, left: 138, right: 262 },
    highlight: 'M153 142 L158 238',
  },
  highball: {
    outer: 'M158 58 L164 262 Q165 270 174 270 L226 270 Q235 270 236 262 L242 58 Z',
    inner: 'M163 60 L168 252 L232 252 L237 60 Z',
    liquidTop: 86,
    bottom: 252,
    rim: { y: 58, left: 158, right: 242 },
    highlight: 'M171 74 L175 240',
  },
  copa: {
    outer: 'M136 74 C128 150 158 198 200 198 C242 198 272 150 264 74 Z',
    inner: 'M141 76 C134 146 162 192 200 192 C238 192 266 146 259 76 Z',
    liquidTop: 108,
    bottom: 192,
    rim: { y: 74, left: 136, right: 264 },
    highlight: 'M149 96 C148 132 158 160 174 176',
    stem: true,
  },
  coupe: {
    outer: 'M118 116 C122 178 158 196 200 196 C242 196 278 178 282 116 Z',
    inner: 'M123 118 C127 174 161 190 200 190 C239 190 273 174 277 118 Z',
    liquidTop: 130,
    bottom: 190,
    rim: { y: 116, left: 118, right: 282 },
    highlight: 'M132 126 C137 160 155 176 172 182',
    stem: true,
  },
};

const CITRUS: Record<string, { peel: string; flesh: string }> = {
  lime: { peel: '#4f8a2b', flesh: '#bcd96c' },
  lemon: { peel: '#e2bb17', flesh: '#f6e48a' },
  orange: { peel: '#e07b1a', flesh: '#f6b352' },
  grapefruit: { peel: '#e0704c', flesh: '#f49b8c' },
};

/** A small deterministic generator, so re-running the script gives the same files. */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

function wheel(x: number, y: number, fruit: keyof typeof CITRUS, r = 26): string {
  const { peel, flesh } = CITRUS[fruit] as { peel: string; flesh: string };
  const spokes = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    return `<line x1="${x}" y1="${y}" x2="${r1(x + Math.cos(a) * (r - 5))}" y2="${r1(y + Math.sin(a) * (r - 5))}"/>`;
  }).join('');
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${peel}"/><circle cx="${x}" cy="${y}" r="${r - 3}" fill="#fdf8e8"/><circle cx="${x}" cy="${y}" r="${r - 5}" fill="${flesh}"/><g stroke="#fdf8e8" stroke-width="1.5">${spokes}</g></g>`;
}

function wedge(x: number, y: number, fruit: keyof typeof CITRUS): string {
  const { peel, flesh } = CITRUS[fruit] as { peel: string; flesh: string };
  const spokes = [30, 60, 90, 120, 150]
    .map((d) => `<line x1="0" y1="0" x2="${r1(Math.cos((d * Math.PI) / 180) * 20)}" y2="${r1(Math.sin((d * Math.PI) / 180) * 20)}"/>`)
    .join('');
  return `<g transform="translate(${x} ${y}) rotate(-28)"><path d="M-27 0 A27 27 0 0 0 27 0 Z" fill="${peel}"/><path d="M-23 0 A23 23 0 0 0 23 0 Z" fill="${flesh}"/><g stroke="#fdf8e8" stroke-width="1.5">${spokes}</g></g>`;
}

function twist(x: number, y: number, fruit: keyof typeof CITRUS): string {
  const { peel } = CITRUS[fruit] as { peel: string };
  return `<path d="M${x - 34} ${y - 6} c14 -16 34 -12 38 2 c4 14 -10 22 -4 36 c5 12 20 12 24 2" fill="none" stroke="${peel}" stroke-width="8" stroke-linecap="round"/>`;
}

function berries(x: number, y: number, colour: string, shine: string): string {
  const cluster = (cx: number, cy: number) =>
    [
      [0, 0],
      [-6, -3],
      [6, -3],
      [-5, 5],
      [5, 5],
      [0, -8],
      [0, 8],
    ]
      .map(
        ([dx, dy]) =>
          `<circle cx="${cx + (dx as number)}" cy="${cy + (dy as number)}" r="4.6" fill="${colour}"/><circle cx="${cx + (dx as number) - 1.4}" cy="${cy + (dy as number) - 1.4}" r="1.2" fill="${shine}"/>`,
      )
      .join('');
  return `<g>${cluster(x, y)}${cluster(x + 18, y + 4)}</g>`;
}

function garnish(kind: Garnish, g: Glass, c: DemoCocktail): string {
  const { rim } = g;
  const rx = rim.right - 12;
  switch (kind) {
    case 'lime-wheel':
      return wheel(rx, rim.y - 2, 'lime');
    case 'lemon-wheel':
      return wheel(rx, rim.y - 2, 'lemon');
    case 'orange-wheel':
      return wheel(rx, rim.y - 2, 'orange');
    case 'grapefruit':
      return wheel(rx, rim.y - 4, 'grapefruit', 30);
    case 'lime-wedge':
      return wedge(rx, rim.y - 4, 'lime');
    case 'orange-twist':
      return twist(rx, rim.y, 'orange');
    case 'lemon-twist':
      return twist(rx, rim.y, 'lemon');
    case 'blackberry':
      return berries(200, g.liquidTop - 14, '#3b1030', '#a2668f');
    case 'raspberry':
      return `<line x1="${rim.left + 40}" y1="${rim.y - 30}" x2="${rim.right - 30}" y2="${rim.y + 8}" stroke="#8a6a25" stroke-width="2.5" stroke-linecap="round"/>${berries(200, rim.y - 12, '#c81d4e', '#f4a1b8')}`;
    case 'coffee-beans':
      return [180, 200, 220]
        .map(
          (x, i) =>
            `<g transform="translate(${x} ${g.liquidTop + 3}) rotate(${[-20, 10, 30][i]})"><ellipse rx="7.5" ry="4.8" fill="#2b170d"/><path d="M-5 0 Q0 -2 5 0" stroke="#8a5a34" stroke-width="1.2" fill="none"/></g>`,
        )
        .join('');
    case 'mint': {
      const leaves = [
        [-14, -8, -35],
        [12, -12, 30],
        [-8, -26, -10],
        [14, -30, 40],
        [2, -40, 5],
      ]
        .map(
          ([dx, dy, a]) =>
            `<g transform="translate(${210 + (dx as number)} ${rim.y + (dy as number)}) rotate(${a})"><ellipse rx="7" ry="12" fill="${(a as number) > 0 ? '#4a9a52' : '#3a7f44'}"/><line x1="0" y1="-10" x2="0" y2="10" stroke="#2c5e33" stroke-width="1"/></g>`,
        )
        .join('');
      return `<path d="M210 ${rim.y + 20} L210 ${rim.y - 36}" stroke="#2c5e33" stroke-width="2.5"/>${leaves}`;
    }
    case 'none':
      return c.art.top === 'foam' ? [186, 200, 214].map((x) => `<circle cx="${x}" cy="${g.liquidTop + 6}" r="2.6" fill="#8c2a1c"/>`).join('') : '';
  }
}

function ice(kind: NonNullable<DemoCocktail['art']['ice']>, g: Glass, rnd: () => number): string {
  const { left, right } = g.rim;
  if (kind === 'block') {
    return `<rect x="${(left + right) / 2 - 30}" y="${g.liquidTop - 8}" width="60" height="60" rx="6" transform="rotate(4 200 ${g.liquidTop + 22})" fill="#fff" fill-opacity=".28" stroke="#fff" stroke-opacity=".75" stroke-width="2"/>`;
  }
  if (kind === 'crushed') {
    return Array.from({ length: 70 }, () => {
      const x = left + rnd() * (right - left);
      const y = g.liquidTop - 10 + rnd() * (g.bottom - g.liquidTop + 10);
      const s = 4 + rnd() * 6;
      return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s * 0.8)}" rx="1.5" transform="rotate(${Math.round(rnd() * 90)} ${r1(x)} ${r1(y)})" fill="#fff" fill-opacity="${r1(0.3 + rnd() * 0.35)}"/>`;
    }).join('');
  }
  const count = Math.max(2, Math.floor((g.bottom - g.liquidTop) / 36));
  return Array.from({ length: count }, (_, i) => {
    const x = left + 18 + rnd() * (right - left - 70);
    const y = g.liquidTop - 10 + i * 36;
    return `<rect x="${r1(x)}" y="${y}" width="32" height="32" rx="5" transform="rotate(${Math.round(rnd() * 30 - 15)} ${r1(x + 16)} ${y + 16})" fill="#fff" fill-opacity=".3" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>`;
  }).join('');
}

function head(kind: NonNullable<DemoCocktail['art']['top']>, g: Glass, rnd: () => number): string {
  const y = g.liquidTop;
  switch (kind) {
    case 'foam':
      return `<rect x="0" y="${y}" width="${W}" height="14" fill="#f8f1dd"/>`;
    case 'crema':
      return `<rect x="0" y="${y}" width="${W}" height="10" fill="#c99a66"/><rect x="0" y="${y}" width="${W}" height="3" fill="#e0bb8a"/>`;
    case 'cream':
      return `<path d="M0 ${y} H${W} V${y + 24} Q350 ${y + 38} 300 ${y + 26} T200 ${y + 30} T100 ${y + 24} T0 ${y + 28} Z" fill="#f1e4cc"/><path d="M150 ${y + 30} q20 14 40 4 t40 6" fill="none" stroke="#f1e4cc" stroke-width="5" stroke-linecap="round" opacity=".8"/>`;
    case 'bubbles':
      return Array.from({ length: 18 }, () => {
        const x = g.rim.left + 10 + rnd() * (g.rim.right - g.rim.left - 20);
        const by = y + 8 + rnd() * (g.bottom - y - 14);
        return `<circle cx="${r1(x)}" cy="${r1(by)}" r="${r1(1.2 + rnd() * 2)}" fill="none" stroke="#fff" stroke-opacity=".8"/>`;
      }).join('');
  }
}

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(factor < 0 ? v * (1 + factor) : v + (255 - v) * factor)));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => ch(v).toString(16).padStart(2, '0')).join('')}`;
}

function mug(c: DemoCocktail, rnd: () => number): string {
  const dents = Array.from(
    { length: 26 },
    () => `<circle cx="${r1(156 + rnd() * 88)}" cy="${r1(124 + rnd() * 136)}" r="${r1(2 + rnd() * 3)}" fill="#fff" fill-opacity=".12"/>`,
  ).join('');
  const cubes = [
    [170, 98, -12],
    [204, 94, 8],
  ]
    .map(
      ([x, y, a]) =>
        `<rect x="${x}" y="${y}" width="26" height="22" rx="4" transform="rotate(${a} ${(x as number) + 13} ${(y as number) + 11})" fill="#fff" fill-opacity=".55" stroke="#fff" stroke-width="1.5"/>`,
    )
    .join('');
  return `<defs><linearGradient id="copper" x1="0" x2="1"><stop offset="0" stop-color="#8c4a22"/><stop offset=".35" stop-color="#d9925a"/><stop offset=".6" stop-color="#b8693a"/><stop offset="1" stop-color="#7a3d1c"/></linearGradient></defs>
<path d="M250 140 C296 140 298 230 250 230" fill="none" stroke="#9a5429" stroke-width="13" stroke-linecap="round"/>
<path d="M148 112 L152 262 Q153 270 162 270 L238 270 Q247 270 248 262 L252 112 Z" fill="url(#copper)"/>${dents}
<ellipse cx="200" cy="112" rx="52" ry="9" fill="#7a3d1c"/><ellipse cx="200" cy="112" rx="46" ry="6.5" fill="${c.art.colour}"/>${cubes}
${c.art.garnish === 'none' ? '' : wedge(236, 104, 'lime')}`;
}

function draw(c: DemoCocktail): string {
  const rnd = random(c.slug);
  let body: string;
  if (c.art.glass === 'mug') {
    body = mug(c, rnd);
  } else {
    const g = GLASSES[c.art.glass];
    const stem = g.stem
      ? `<rect x="196.5" y="${g.bottom + 4}" width="7" height="${262 - g.bottom - 4}" fill="#fff" fill-opacity=".5" stroke="${GLASS_STROKE}" stroke-width="2"/><ellipse cx="200" cy="265" rx="46" ry="6" fill="#fff" fill-opacity=".5" stroke="${GLASS_STROKE}" stroke-width="2"/>`
      : '';
    body = `<defs><clipPath id="inside"><path d="${g.inner}"/></clipPath><linearGradient id="drink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c.art.colour, 0.18)}"/><stop offset="1" stop-color="${shade(c.art.colour, -0.22)}"/></linearGradient></defs>
${stem}<path d="${g.outer}" fill="#fff" fill-opacity=".35"/>
<g clip-path="url(#inside)"><rect x="0" y="${g.liquidTop}" width="${W}" height="${H - g.liquidTop}" fill="url(#drink)"/><rect x="0" y="${g.liquidTop}" width="${W}" height="2" fill="#fff" fill-opacity=".35"/>${c.art.ice ? ice(c.art.ice, g, rnd) : ''}${c.art.top ? head(c.art.top, g, rnd) : ''}</g>
<path d="${g.outer}" fill="none" stroke="${GLASS_STROKE}" stroke-width="2.5" stroke-linejoin="round"/>
<path d="${g.highlight}" stroke="#fff" stroke-opacity=".7" stroke-width="4" stroke-linecap="round" fill="none"/>
${garnish(c.art.garnish, g, c)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(`${c.name} in a ${c.glass.toLowerCase()}`)}">
<rect width="${W}" height="${H}" fill="#f5efe6"/>
<circle cx="200" cy="160" r="118" fill="#ede1cb"/>
<ellipse cx="200" cy="270" rx="86" ry="7" fill="#000" opacity=".12"/>
${body}
</svg>
`;
}

mkdirSync('public/images/cocktails', { recursive: true });
for (const c of DEMO_COCKTAILS) writeFileSync(`public/images/cocktails/${c.slug}.svg`, draw(c));
console.log(`Drew ${DEMO_COCKTAILS.length} cocktail images.`);
