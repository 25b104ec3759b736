// The HTML of emails, by allowlist (sanitize-html): the tags, attributes, URL schemes and inline
// style properties an email needs, nothing else. Two uses (docs/decisions/037-email-html-sanitizing.md):
// - at commit and deploy, `htmlProblems` refuses a layout (or a template's rendered HTML) that the
//   sanitizer would change, naming what and where — a template is never altered silently;
// - at send, `sanitizeEmailHtml` cleans every email's HTML (defence in depth: whatever got past the
//   checks, a layout deployed before them, a bug in rendering).
// Both read the same policy; the refusal's reasons come from comparing what sanitize-html parsed
// with what it kept, so there is one judge of what is allowed.
import sanitizeHtml from 'sanitize-html';

const TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

/** Links may go to web pages and mail addresses; images load only over https. */
export const EMAIL_LINK_SCHEMES = ['https', 'http', 'mailto'];
const IMAGE_SCHEMES = ['https'];

/**
 * An inline style value: words, numbers, units, colours, quotes, commas and rgb()/rgba() — no other
 * function (url(), expression(), var()), no escapes, no semicolons or colons.
 */
const STYLE_VALUE = /^(?:[-#\w.,%\s'"]|rgba?\([\d\s.,%/]+\))+$/i;
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'display',
  'width',
  'min-width',
  'max-width',
  'height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
];

/**
 * An email has no address of its own, so a relative address goes nowhere (and `\u0000javascript:` is
 * one): links and images must be absolute, with an allowed scheme.
 */
const ABSOLUTE_LINK = /^(https?:\/\/|mailto:)/i;
const ABSOLUTE_IMAGE = /^https:\/\//i;
const onlyAbsolute =
  (attribute: string, pattern: RegExp): sanitizeHtml.Transformer =>
  (tagName, attribs) => {
    const value = attribs[attribute];
    if (value !== undefined && !pattern.test(value)) {
      const { [attribute]: _dropped, ...rest } = attribs;
      return { tagName, attribs: rest };
    }
    return { tagName, attribs };
  };

export const EMAIL_HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    '*': ['style', 'align', 'dir', 'lang', 'title'],
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'role', 'bgcolor'],
    td: ['width', 'colspan', 'rowspan', 'valign', 'bgcolor'],
    th: ['width', 'colspan', 'rowspan', 'valign', 'bgcolor', 'scope'],
  },
  allowedSchemes: EMAIL_LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [STYLE_VALUE]])) },
  transformTags: { a: onlyAbsolute('href', ABSOLUTE_LINK), img: onlyAbsolute('src', ABSOLUTE_IMAGE) },
  disallowedTagsMode: 'discard',
};

/** An email's HTML as it may be sent: everything outside the allowlist removed. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_HTML_POLICY);
}

/** A reason the sanitizer would change the HTML, with the line it is on (1-based) when found. */
export interface HtmlProblem {
  line: number | null;
  message: string;
}

type Element = { name: string; attribs: Record<string, string> };

/** The elements sanitize-html read from `html` (attributes decoded), and what it kept. */
function parse(html: string): { elements: Element[]; output: string } {
  const elements: Element[] = [];
  const output = sanitizeHtml(html, { ...EMAIL_HTML_POLICY, onOpenTag: (name, attribs) => elements.push({ name, attribs: { ...attribs } }) });
  return { elements, output };
}

/** The declarations of a style attribute, normalised as the sanitizer writes them. */
const declarations = (style: string) =>
  style
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const colon = d.indexOf(':');
      return colon < 0 ? d : `${d.slice(0, colon).trim().toLowerCase()}: ${d.slice(colon + 1).trim()}`;
    });
const normalise = (d: string) => d.replace(/\s+/g, '').toLowerCase();

function attributeProblem(el: Element, name: string, value: string, kept: string | undefined): string {
  const allowed = EMAIL_HTML_POLICY.allowedAttributes as Record<string, string[]>;
  const tag = `<${el.name}>`;
  if (/^on/i.test(name)) return `The ${name} attribute of ${tag} is not allowed: emails run no scripts.`;
  if (!(allowed['*'] ?? []).includes(name) && !(allowed[el.name] ?? []).includes(name)) return `The ${name} attribute is not allowed on ${tag}.`;
  if (name === 'href' || name === 'src') {
    const schemes = el.name === 'img' ? IMAGE_SCHEMES : EMAIL_LINK_SCHEMES;
    return `The address in ${name} of ${tag} is refused ("${value.slice(0, 40)}"): only absolute ${schemes.map((s) => `${s}:`).join(', ')} addresses are allowed.`;
  }
  if (name === 'style') {
    const keptOnes = new Set(declarations(kept ?? '').map(normalise));
    const dropped = declarations(value).filter((d) => !keptOnes.has(normalise(d)));
    return `The style of ${tag} has ${dropped.length === 1 ? 'a declaration' : 'declarations'} not allowed in an email: ${dropped
      .map((d) => `"${d.slice(0, 60)}"`)
      .join(', ')} (plain values of colour, font, text, spacing, border and size properties only; no url() or other functions but rgb()).`;
  }
  return `The ${name} attribute of ${tag} is not allowed with the value "${value.slice(0, 40)}".`;
}

/** The line of the `nth` (0-based) start tag `<name` in the source, or null. */
function lineOfTag(source: string, name: string, nth: number): number | null {
  const re = new RegExp(`<${name.replace(/[^a-z0-9-]/gi, '')}(?=[\\s/>])`, 'gi');
  let m: RegExpExecArray | null = null;
  for (let i = 0; i <= nth; i++) {
    m = re.exec(source);
    if (!m) return null;
  }
  return m ? source.slice(0, m.index).split('\n').length : null;
}

/**
 * Why the sanitizer would change this HTML: each element it would drop, each attribute it would
 * drop or alter, and comments or declarations (`<!…>`, `<?…>`), which it drops and some mail
 * programs read as markup. Empty: the HTML is sent as it is written.
 */
export function htmlProblems(html: string): HtmlProblem[] {
  const problems: HtmlProblem[] = [];
  const comment = html.search(/<[!?]/);
  if (comment >= 0)
    problems.push({
      line: html.slice(0, comment).split('\n').length,
      message: 'Comments and <!…> declarations are not allowed in an email: some mail programs read them as markup.',
    });
  const before = parse(html);
  const after = parse(before.output).elements;
  const seen = new Map<string, number>();
  let j = 0;
  for (const el of before.elements) {
    const nth = seen.get(el.name) ?? 0;
    seen.set(el.name, nth + 1);
    const kept = after[j];
    if (!kept || kept.name !== el.name) {
      problems.push({ line: lineOfTag(html, el.name, nth), message: `The <${el.name}> element is not allowed in an email.` });
      continue;
    }
    j += 1;
    for (const [name, value] of Object.entries(el.attribs)) {
      const now = kept.attribs[name];
      const same =
        name === 'style' ? now !== undefined && declarations(value).map(normalise).join() === declarations(now).map(normalise).join() : now === value;
      if (!same) problems.push({ line: lineOfTag(html, el.name, nth), message: attributeProblem(el, name, value, now) });
    }
  }
  return problems;
}
