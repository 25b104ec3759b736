// CMS pages' Markdown, rendered on the server (the preview and the public page are this one
// function's output, so the preview shows exactly what the public will see). markdown-it with raw
// HTML off: `<script>` in the source is text. Links go only to http(s), mailto or a path of this site
// (anything else stays text); headings get ids and a link to themselves (only an opening `#` heading
// stays an h1: one a page); images come only from the
// media library (`/media/<id>/…` of a library image — anything else is not shown).
import markdownIt, { type Token } from 'markdown-it';
import { mediaUrl } from '../../../shared/media';

/** What the renderer needs to know of a library image the page uses. */
export interface PageImage {
  id: string;
  altText: string;
  width: number | null;
  height: number | null;
}

export interface RenderedMarkdown {
  html: string;
  /** The headings (level 2 and 3) with their anchors, for a table of contents. */
  headings: { level: number; id: string; text: string }[];
  /** Words in the text, for the reading time and the benchmark's check. */
  words: number;
}

const MEDIA_SRC = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/(?:web|original|thumb))?$/i;

/** A link this site follows: http(s), mailto, a site-relative path (not `//host`) or an anchor. */
export function isAllowedLink(url: string): boolean {
  const u = url.trim();
  if (/^(https?:\/\/|mailto:)/i.test(u)) return true;
  return (u.startsWith('/') && !u.startsWith('//') && !u.startsWith('/\\')) || u.startsWith('#');
}

/** The library id an image source names, or null (an outside address, a made-up path). */
export function mediaIdOfSrc(src: string): string | null {
  return MEDIA_SRC.exec(src.trim())?.[1]?.toLowerCase() ?? null;
}

/** `Where to find help` → `where-to-find-help`; unique within the page. */
function anchorOf(text: string, used: Map<string, number>): string {
  const base =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'section';
  const seen = used.get(base) ?? 0;
  used.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen + 1}`;
}

interface Env {
  [key: string | symbol]: unknown;
  images?: Map<string, PageImage>;
  headings?: RenderedMarkdown['headings'];
}

const md = markdownIt({ html: false, linkify: true, typographer: true });
md.validateLink = isAllowedLink;
// linkify must not turn `javascript:…` or `ftp://…` text into links either: it asks validateLink too,
// and we keep its schemas to the web and email.
md.linkify.set({ fuzzyEmail: true });
for (const scheme of ['ftp:', '//']) md.linkify.add(scheme, null);

// One top-level heading a page. A `# Heading` that opens the Markdown is the page's heading (the
// page then shows no title of its own: app/components/content/cms-page.tsx, as About's hero always
// did); any other `#` heading is a section, an h2, like `##`.
md.core.ruler.push('one_top_heading', (state) => {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type !== 'heading_open' || t.tag !== 'h1' || i === 0) continue;
    t.tag = 'h2';
    const close = tokens[i + 2];
    if (close?.type === 'heading_close') close.tag = 'h2';
  }
  return true;
});

md.core.ruler.push('heading_anchors', (state) => {
  const env = state.env as Env;
  const used = new Map<string, number>();
  const headings: RenderedMarkdown['headings'] = [];
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i] as Token;
    if (open.type !== 'heading_open') continue;
    const inline = tokens[i + 1];
    const text =
      inline?.children
        ?.filter((c) => c.type === 'text' || c.type === 'code_inline')
        .map((c) => c.content)
        .join('') ?? '';
    const id = anchorOf(text, used);
    open.attrSet('id', id);
    const level = Number(open.tag.slice(1));
    if (level === 2 || level === 3) headings.push({ level, id, text });
  }
  env.headings = headings;
  return true;
});

const defaultHeadingClose = md.renderer.rules.heading_close;
md.renderer.rules.heading_close = (tokens, idx, options, env, self) => {
  const open = tokens.findLast((t, i) => i < idx && t.type === 'heading_open');
  const id = open?.attrGet('id');
  const anchor = id ? `<a class="heading-anchor" href="#${md.utils.escapeHtml(String(id))}" aria-hidden="true" tabindex="-1">#</a>` : '';
  return anchor + (defaultHeadingClose ? defaultHeadingClose(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options));
};

md.renderer.rules.image = (tokens, idx, _options, rawEnv) => {
  const env = (rawEnv ?? {}) as Env;
  const token = tokens[idx] as Token;
  const id = mediaIdOfSrc(String(token.attrGet('src') ?? ''));
  const alt = token.children ? md.renderer.renderInlineAsText(token.children, md.options, env) : token.content;
  const image = id ? env.images?.get(id) : undefined;
  // Not from the library (or no longer in it): nothing is fetched from anywhere else.
  if (!image) return '';
  const attrs = [
    `src="${mediaUrl(image.id, 'web')}"`,
    `alt="${md.utils.escapeHtml(alt || image.altText)}"`,
    'loading="lazy"',
    'decoding="async"',
    ...(image.width && image.height ? [`width="${image.width}"`, `height="${image.height}"`] : []),
  ];
  const title = token.attrGet('title');
  if (title) attrs.push(`title="${md.utils.escapeHtml(String(title))}"`);
  return `<img ${attrs.join(' ')}>`;
};

const defaultLinkOpen = md.renderer.rules.link_open;
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx] as Token;
  const href = String(token.attrGet('href') ?? '');
  // Other sites open as themselves: no referrer, no window.opener.
  if (/^https?:\/\//i.test(href)) token.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen ? defaultLinkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

/** The library ids of the images the Markdown names (in order, once each), and the sources that are not the library's. */
export function imagesIn(source: string): { ids: string[]; outside: string[] } {
  const ids: string[] = [];
  const outside: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'image') {
        const src = String(t.attrGet('src') ?? '');
        const id = mediaIdOfSrc(src);
        if (id) {
          if (!ids.includes(id)) ids.push(id);
        } else outside.push(src);
      }
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(source, {}));
  return { ids, outside };
}

export function renderMarkdown(source: string, images: Map<string, PageImage> = new Map()): RenderedMarkdown {
  const env: Env = { images };
  const html = md.render(source, env);
  const words = source.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return { html, headings: env.headings ?? [], words };
}
