// The site's assets as the repository holds them, and what a deploy checks and the live site uses:
// the theme (CSS custom properties, inlined into every page's head), the email templates and their
// layout (the mailer), the announcement bar and extra robots.txt lines. `compileAssets` is the one
// reading of a commit's files: a deploy refuses a commit with any problem, and the live site runs the
// result — so what was checked is exactly what is served. Never the server's own code.
import * as csstree from 'css-tree';
import { z } from 'zod';
import { href } from 'react-router';
import { BUILT_IN_LAYOUT, BUILT_IN_TEMPLATES, type TemplateName, TEMPLATE_NAMES } from '../../mail/built-in-templates';
import { type EmailTemplate, escapeHtml, layoutProblems, parseTemplate, placeholdersOf, renderTemplate, TemplateError } from '../../mail/compose';
import { htmlProblems } from '../../mail/sanitize';
import type { LiveEmailTemplates } from '../../mail/mailer';

export const THEME_PATH = 'theme/theme.css';
export const LAYOUT_PATH = 'emails/layout.html';
export const ANNOUNCEMENT_PATH = 'site/announcement.json';
export const ROBOTS_PATH = 'site/robots.txt';
export const templatePath = (name: string) => `emails/${name}.txt`;

/** A reason a commit cannot go live, with where it is. */
export interface AssetProblem {
  path: string;
  line: number | null;
  message: string;
}

export interface Announcement {
  text: string;
  link: string | null;
}

/** What the live site uses, compiled from one commit. */
export interface SiteAssets {
  /** The theme as one minified `:root { … }` block (safe inside <style>: it holds no `<`). */
  themeCss: string;
  announcement: Announcement | null;
  /** Lines appended to robots.txt. */
  robotsLines: string[];
  emails: LiveEmailTemplates;
}

/** The files a new repository starts with: what the site used before the repository existed. */
export const SEED_FILES: Readonly<Record<string, string>> = {
  'README.md': `# The site's assets

What the live site uses besides its code. Edit, commit, then **Deploy to Production**: a deploy
checks the branch (the stylesheet parses, every email renders with sample values) and every server
uses the new files at once, without a restart. Rollback: deploy an earlier commit.

- \`${THEME_PATH}\` — the theme: CSS custom properties (colours, fonts, spacing) inside \`:root { … }\`.
  Inlined into every page. Colours must be colours, \`--font-*\` font lists, \`--spacing\` a length.
  A value is built from colours, lengths, numbers, percentages, keywords, font names and the functions
  \`rgb()\`, \`hsl()\`, \`oklch()\`, \`color-mix()\`, \`calc()\`, \`clamp()\`, \`var()\` and their kin: nothing that loads
  anything (no \`url()\`, \`image-set()\`).
- \`${LAYOUT_PATH}\` — the HTML around every email; \`{{content}}\` is where the text goes. Only the
  tags, attributes and link schemes an email needs (docs/decisions/037-email-html-sanitizing.md): no scripts,
  forms, frames, \`<style>\` blocks or comments; \`style="…"\` attributes with plain values.
- \`emails/<name>.txt\` — the account emails: a \`Subject:\` line, then paragraphs separated by blank
  lines; \`[label]({{url}})\` is the button. Each email may use only its own placeholders:
${TEMPLATE_NAMES.map((n) => `  - \`${templatePath(n)}\`: ${BUILT_IN_TEMPLATES[n].purpose} (${BUILT_IN_TEMPLATES[n].vars.map((v) => `{{${v}}}`).join(', ')})`).join('\n')}
- \`${ANNOUNCEMENT_PATH}\` — the bar above the public pages' header: \`enabled\`, \`text\`, \`link\` (a
  path of the site such as \`/events\`, an https address, or null).
- \`${ROBOTS_PATH}\` — lines added to robots.txt (\`Disallow: /drafts/\`, \`# comments\`).
`,
  [THEME_PATH]: `/* The site's theme. Every page uses these custom properties; a deploy inlines this file into the
   page's <head>, where it overrides the built-in values. */
:root {
  --color-ink: #1c1917;
  --color-cream: #f8f4ec;
  --color-brass: #8a6a25;
  --color-brass-light: #c8a96a;
  --color-forest: #1f3d36;
  --font-sans: 'Inter Variable', ui-sans-serif, system-ui, sans-serif;
  --font-serif: 'Playfair Display Variable', Georgia, serif;
  --spacing: 0.25rem;
}
`,
  [LAYOUT_PATH]: BUILT_IN_LAYOUT,
  ...Object.fromEntries(TEMPLATE_NAMES.map((n) => [templatePath(n), BUILT_IN_TEMPLATES[n].source])),
  [ANNOUNCEMENT_PATH]: `${JSON.stringify({ enabled: false, text: 'Our new Spiced Rum Reserve is here.', link: href('/products') }, null, 2)}\n`,
  [ROBOTS_PATH]: '# Lines added to robots.txt, after the built-in rules.\n',
};

/** The files a commit may hold: the seeded ones (the editor edits them; it creates no others). */
export const KNOWN_PATHS: ReadonlySet<string> = new Set(Object.keys(SEED_FILES));

// --- the theme -------------------------------------------------------------------------------------

const typeOf = (property: string): { kind: 'type' | 'property'; name: string; label: string } | null => {
  if (property.startsWith('--color-')) return { kind: 'type', name: 'color', label: 'a colour' };
  if (/^--font-(sans|serif|mono)$/.test(property)) return { kind: 'property', name: 'font-family', label: 'a list of fonts' };
  if (property === '--spacing' || property.startsWith('--radius-')) return { kind: 'type', name: 'length', label: 'a length' };
  return null;
};

/** The functions a theme value may call: colours and arithmetic over values, nothing that loads or draws. */
export const THEME_FUNCTIONS = [
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'light-dark',
  'calc',
  'min',
  'max',
  'clamp',
  'var',
] as const;
const FUNCTIONS: ReadonlySet<string> = new Set(THEME_FUNCTIONS);
const FUNCTION_LIST = `${THEME_FUNCTIONS.slice(0, -1)
  .map((f) => `${f}()`)
  .join(', ')} and ${THEME_FUNCTIONS.at(-1)}()`;
/** Units of lengths, angles, times and flex fractions (no resolutions: `1x` belongs to image sets). */
const UNITS: ReadonlySet<string> = new Set(
  (
    'px em rem ex rex ch rch cap rcap ic ric lh rlh vw vh vi vb vmin vmax svw svh svi svb svmin svmax lvw lvh lvi lvb lvmin lvmax ' +
    'dvw dvh dvi dvb dvmin dvmax cqw cqh cqi cqb cqmin cqmax cm mm q in pt pc deg grad rad turn s ms fr'
  ).split(' '),
);
const FONT_NAME = /^[\p{L}\p{N} _-]+$/u;
const HEX_COLOUR = /^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const OPERATORS: ReadonlySet<string> = new Set([',', '/', '+', '-', '*']);

/**
 * Why a custom property's value is not one the theme accepts, or null. An allowlist over css-tree's
 * AST: colours, lengths, numbers, percentages, keywords, font names, and the functions above (their
 * arguments checked the same way, however deep). Anything else — url(), image-set(), src(), strings
 * that are not font names, escapes, unicode ranges, brackets — is refused with the reason.
 */
function themeValueProblem(value: csstree.CssNode, raw: string): string | null {
  // css-tree keeps escapes in names (`u\72l(` stays a function "u\72l"); refused outright.
  if (raw.includes('\\')) return 'escapes (\\) are not allowed in the theme.';
  let problem: string | null = null;
  const refuse = (why: string) => {
    problem ??= why;
  };
  csstree.walk(value, (node) => {
    if (problem) return;
    switch (node.type) {
      case 'Value':
      case 'Identifier':
      case 'Number':
      case 'Percentage':
      case 'Parentheses':
        return;
      case 'Operator':
        if (!OPERATORS.has(node.value.trim())) refuse(`the operator "${node.value.trim()}" is not allowed in a theme value.`);
        return;
      case 'Dimension':
        if (!UNITS.has(node.unit.toLowerCase())) refuse(`the unit "${node.unit}" is not allowed (lengths, angles, times and fr are).`);
        return;
      case 'Hash':
        if (!HEX_COLOUR.test(node.value)) refuse(`"#${node.value}" is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa).`);
        return;
      case 'String':
        if (!FONT_NAME.test(node.value)) refuse('quoted text may hold only a font name (letters, digits, spaces and hyphens).');
        return;
      case 'Function':
        if (!FUNCTIONS.has(node.name.toLowerCase())) refuse(`"${node.name}()" is not a function the theme may use (it may use ${FUNCTION_LIST}).`);
        return;
      case 'Url':
        refuse('the theme loads nothing (no url()).');
        return;
      case 'UnicodeRange':
        refuse('a unicode-range is not allowed in a theme value.');
        return;
      case 'Brackets':
        refuse('brackets are not allowed in a theme value.');
        return;
      case 'Raw':
        refuse(`"${node.value.trim().slice(0, 40)}" is not a value the theme can read.`);
        return;
      default:
        refuse(`${node.type} is not allowed in a theme value.`);
    }
  });
  return problem;
}

export function compileTheme(source: string): { css: string; problems: AssetProblem[] } {
  const problems: AssetProblem[] = [];
  const at = (line: number | null, message: string) => problems.push({ path: THEME_PATH, line, message });
  // The parser closes an open block at the end by itself; a stylesheet cut short is still broken.
  let depth = 0;
  let open: number[] = [];
  csstree.tokenize(source, (type, start) => {
    if (type === csstree.tokenTypes.LeftCurlyBracket) {
      depth += 1;
      open = [...open, start];
    } else if (type === csstree.tokenTypes.RightCurlyBracket) {
      depth -= 1;
      open = open.slice(0, -1);
    }
  });
  if (depth > 0) at(source.slice(0, open.at(-1)).split('\n').length, 'A "{" is never closed.');
  const ast = csstree.parse(source, {
    positions: true,
    parseCustomProperty: true,
    onParseError: (e) => at((e as { line?: number }).line ?? null, `The stylesheet does not parse: ${e.message}.`),
  }) as csstree.StyleSheet;
  ast.children.forEach((node) => {
    const line = node.loc?.start.line ?? null;
    if (node.type === 'Raw') return;
    if (node.type !== 'Rule') {
      at(line, 'The theme holds only ":root { … }" blocks of custom properties.');
      return;
    }
    if (csstree.generate(node.prelude) !== ':root') at(line, `Only ":root" may be styled here, not "${csstree.generate(node.prelude)}".`);
    node.block.children.forEach((decl) => {
      const dline = decl.loc?.start.line ?? line;
      // What the parser could not read is already reported above.
      if (decl.type === 'Raw') return;
      if (decl.type !== 'Declaration') {
        at(dline, 'Only custom properties (--name: value;) belong in the theme.');
        return;
      }
      if (!decl.property.startsWith('--')) {
        at(dline, `"${decl.property}" is not a custom property: the theme sets --name values only.`);
        return;
      }
      const text = csstree.generate(decl.value).trim();
      const raw = decl.loc ? source.slice(decl.loc.start.offset, decl.loc.end.offset) : text;
      let refused = true;
      if (text === '') at(dline, `${decl.property} has no value.`);
      else if (text.includes('<')) at(dline, `${decl.property}: a value may not contain "<".`);
      else if (decl.important) at(dline, `${decl.property}: remove "!important": the theme needs none.`);
      else if (decl.value.type === 'Raw' && problems.some((p) => p.line === dline)) {
        // The parser's own complaint about this line says it already.
      } else {
        const problem = themeValueProblem(decl.value, raw);
        if (problem) at(dline, `${decl.property}: ${problem}`);
        else refused = false;
      }
      const type = typeOf(decl.property);
      // The lexer cannot see through var(): a value using it is checked by the allowlist only.
      if (type && !refused && decl.value.type === 'Value' && !/\bvar\(/i.test(text)) {
        const match = type.kind === 'type' ? csstree.lexer.matchType(type.name, decl.value) : csstree.lexer.matchProperty(type.name, decl.value);
        if (match.error) at(dline, `${decl.property} must be ${type.label}, not "${text}".`);
      }
    });
  });
  // Inlined into <style>: whatever made it this far must not be able to close the element.
  const css = csstree.generate(ast);
  if (css.includes('<') && problems.length === 0) at(null, 'The theme may not contain "<".');
  return { css: problems.length ? '' : css, problems };
}

// --- the announcement bar and robots.txt -------------------------------------------------------------

const missingOr = (wrong: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'Missing: the announcement needs it.' : wrong);

const announcementSchema = z
  .object({
    enabled: z.boolean({ error: missingOr('true or false (without quotes).') }),
    text: z
      .string({ error: missingOr('Text in double quotes.') })
      .trim()
      .max(200, 'At most 200 characters.'),
    link: z
      .string({ error: 'A path of the site (/events), an https:// address, or null.' })
      .regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, 'A path of the site (/events) or an https:// address.')
      .max(500, 'At most 500 characters.')
      .nullable()
      .optional(),
  })
  .strict()
  .refine((a) => !a.enabled || a.text.length > 0, { message: 'An enabled announcement needs text.', path: ['text'] });

const ANNOUNCEMENT_KEYS = ['enabled', 'text', 'link'] as const;

/** The line (1-based) of a character offset of a text. */
const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** The line a key of a JSON object is written on (its first occurrence), or null. */
function lineOfKey(source: string, key: string): number | null {
  const at = source.indexOf(JSON.stringify(key));
  return at < 0 ? null : lineAt(source, at);
}

export function compileAnnouncement(source: string): { announcement: Announcement | null; problems: AssetProblem[] } {
  let json: unknown;
  try {
    json = JSON.parse(source);
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      return {
        announcement: null,
        problems: [{ path: ANNOUNCEMENT_PATH, line: 1, message: 'The file must be one JSON object: { "enabled": …, "text": …, "link": … }.' }],
      };
  } catch (err) {
    const message = (err as Error).message;
    // V8 names the position ("… at position 12"; newer versions add the line).
    const position = /position (\d+)/.exec(message)?.[1];
    const line = Number(/line (\d+)/.exec(message)?.[1] ?? NaN) || (position !== undefined ? lineAt(source, Number(position)) : null);
    return { announcement: null, problems: [{ path: ANNOUNCEMENT_PATH, line, message: `Not valid JSON: ${message.replace(/\.$/, '')}.` }] };
  }
  const parsed = announcementSchema.safeParse(json);
  if (!parsed.success) {
    const problems: AssetProblem[] = [];
    for (const i of parsed.error.issues) {
      if (i.code === 'unrecognized_keys') {
        for (const key of i.keys)
          problems.push({
            path: ANNOUNCEMENT_PATH,
            line: lineOfKey(source, key),
            message: `The file: "${key}" is not a setting of the announcement (it has ${ANNOUNCEMENT_KEYS.slice(0, -1).join(', ')} and ${ANNOUNCEMENT_KEYS.at(-1)}).`,
          });
        continue;
      }
      const key = typeof i.path[0] === 'string' ? i.path[0] : null;
      problems.push({ path: ANNOUNCEMENT_PATH, line: key ? lineOfKey(source, key) : null, message: `${i.path.join('.') || 'The file'}: ${i.message}` });
    }
    // In the file's order; what is missing (no line) last.
    return { announcement: null, problems: problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity)) };
  }
  const a = parsed.data;
  return { announcement: a.enabled ? { text: a.text, link: a.link ?? null } : null, problems: [] };
}

const ROBOTS_LINE = /^(user-agent|allow|disallow|crawl-delay|sitemap|host|clean-param)\s*:\s*\S[^\r]*$/i;

export function compileRobots(source: string): { lines: string[]; problems: AssetProblem[] } {
  const problems: AssetProblem[] = [];
  const lines: string[] = [];
  source.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('#') || ROBOTS_LINE.test(line)) lines.push(line);
    else
      problems.push({
        path: ROBOTS_PATH,
        line: i + 1,
        message: `"${line.slice(0, 60)}" is not a robots.txt rule (User-agent, Allow, Disallow, Crawl-delay, Sitemap).`,
      });
  });
  if (lines.length > 200) problems.push({ path: ROBOTS_PATH, line: null, message: 'At most 200 lines.' });
  return { lines, problems };
}

// --- the emails --------------------------------------------------------------------------------------

/** A template's button line: `[label](address)`. */
const LINK_LINE = /^\[[^\]\n]+\]\(([^()\s]+)\)$/;

function compileEmails(files: ReadonlyMap<string, string>): { emails: LiveEmailTemplates; problems: AssetProblem[] } {
  const problems: AssetProblem[] = [];
  const layout = files.get(LAYOUT_PATH) ?? BUILT_IN_LAYOUT;
  const fromLayout = layoutProblems(layout);
  for (const p of fromLayout) problems.push({ path: LAYOUT_PATH, ...p });
  const layoutRefused = fromLayout.length > 0;
  const templates = new Map<string, EmailTemplate>();
  for (const [path, source] of files) {
    const name = /^emails\/([a-z0-9-]+)\.txt$/.exec(path)?.[1];
    if (!name) continue;
    const known = (BUILT_IN_TEMPLATES as Record<string, (typeof BUILT_IN_TEMPLATES)[TemplateName] | undefined>)[name];
    if (!known) {
      problems.push({ path, line: null, message: 'The mailer sends no email of this name.' });
      continue;
    }
    const uses = placeholdersOf(source);
    for (const [v, line] of uses) {
      if (!known.vars.includes(v as never))
        problems.push({ path, line, message: `{{${v}}} is not a value of this email (it has ${known.vars.map((x) => `{{${x}}}`).join(', ')}).` });
    }
    if (!uses.has('url')) problems.push({ path, line: null, message: 'The email has lost its link: {{url}} must stay.' });
    try {
      const template = parseTemplate(source);
      // Rendered with sample values, as the mailer will: a template that cannot render is refused.
      const { html } = renderTemplate(template, known.sample, layout);
      // Its text is escaped; its button's address is not text: the allowlist judges it (and, when the
      // layout passes, the whole email as it would be sent).
      const linkProblems: AssetProblem[] = [];
      source.split('\n').forEach((line, i) => {
        const href = LINK_LINE.exec(line.trim())?.[1];
        if (href === undefined) return;
        const filled = href.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_m, v: string) => (known.sample as Readonly<Record<string, string>>)[v] ?? '');
        for (const p of htmlProblems(`<a href="${escapeHtml(filled)}">x</a>`)) linkProblems.push({ path, line: i + 1, message: p.message });
      });
      problems.push(...linkProblems);
      if (!linkProblems.length && !layoutRefused) for (const p of htmlProblems(html)) problems.push({ path, line: null, message: p.message });
      templates.set(name, template);
    } catch (err) {
      if (!(err instanceof TemplateError)) throw err;
      for (const p of err.problems) problems.push({ path, ...p });
    }
  }
  return { emails: { layout, templates }, problems };
}

/** Checks a commit's files and compiles what the live site uses; any problem and `assets` is null. */
export function compileAssets(files: ReadonlyMap<string, string>): { assets: SiteAssets | null; problems: AssetProblem[] } {
  const problems: AssetProblem[] = [];
  const themeSource = files.get(THEME_PATH);
  let themeCss = '';
  if (themeSource === undefined) problems.push({ path: THEME_PATH, line: null, message: 'The theme is missing.' });
  else {
    const theme = compileTheme(themeSource);
    themeCss = theme.css;
    problems.push(...theme.problems);
  }
  const { emails, problems: emailProblems } = compileEmails(files);
  problems.push(...emailProblems);
  const announcement = compileAnnouncement(files.get(ANNOUNCEMENT_PATH) ?? '{"enabled":false,"text":""}');
  problems.push(...announcement.problems);
  const robots = compileRobots(files.get(ROBOTS_PATH) ?? '');
  problems.push(...robots.problems);
  for (const path of files.keys()) {
    if (!KNOWN_PATHS.has(path) && !/^emails\/[a-z0-9-]+\.txt$/.test(path)) problems.push({ path, line: null, message: 'The site does not use this file.' });
  }
  if (problems.length) return { assets: null, problems };
  return { assets: { themeCss, announcement: announcement.announcement, robotsLines: robots.lines, emails }, problems };
}
