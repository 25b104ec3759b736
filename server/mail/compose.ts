// Email templates as text a person can edit (issue 20: they live in the site's assets repository
// and a deploy changes what the mailer sends). A template is a subject line and paragraphs:
//
//   Subject: Confirm your Frolic account
//
//   Hello {{name}},
//
//   [Confirm my email]({{url}})
//
// Paragraphs are separated by blank lines; a paragraph that is only `[label](address)` is the
// email's button (in the text version, `label: address`). `{{name}}` is replaced by the value the
// mailer passes, HTML-escaped in the HTML version. The HTML version is the layout
// (`emails/layout.html`) with `{{content}}` replaced by the paragraphs.

import { htmlProblems } from './sanitize';

export type EmailNode = { kind: 'text'; text: string } | { kind: 'link'; label: string; href: string };

export interface EmailTemplate {
  subject: string;
  paragraphs: EmailNode[];
}

/** A problem with a template, with the line it is on (1-based) when there is one. */
export interface TemplateProblem {
  line: number | null;
  message: string;
}

export class TemplateError extends Error {
  constructor(readonly problems: TemplateProblem[]) {
    super(problems.map((p) => (p.line ? `line ${p.line}: ${p.message}` : p.message)).join('; '));
    this.name = 'TemplateError';
  }
}

const LINK = /^\[([^\]\n]+)\]\(([^()\s]+)\)$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Parses a template's text; throws TemplateError naming every problem. */
export function parseTemplate(source: string): EmailTemplate {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const problems: TemplateProblem[] = [];
  const first = lines[0] ?? '';
  const subject = /^Subject:\s*(.*)$/.exec(first)?.[1]?.trim() ?? '';
  if (!/^Subject:/.test(first)) problems.push({ line: 1, message: 'The first line must be "Subject: …".' });
  else if (!subject) problems.push({ line: 1, message: 'The subject is empty.' });
  if (subject.length > 200) problems.push({ line: 1, message: 'The subject is longer than 200 characters.' });
  const paragraphs: EmailNode[] = [];
  let current: { start: number; text: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const text = current.text.join('\n').trim();
    const link = LINK.exec(text);
    paragraphs.push(link ? { kind: 'link', label: link[1] as string, href: link[2] as string } : { kind: 'text', text });
    current = null;
  };
  lines.slice(1).forEach((line, i) => {
    const n = i + 2;
    if (/\{\{|\}\}/.test(line.replace(PLACEHOLDER, ''))) problems.push({ line: n, message: 'A placeholder is not closed: write it as {{name}}.' });
    if (line.trim() === '') flush();
    else if (current) current.text.push(line);
    else current = { start: n, text: [line] };
  });
  flush();
  if (paragraphs.length === 0) problems.push({ line: null, message: 'The email has no text.' });
  if (problems.length) throw new TemplateError(problems);
  return { subject, paragraphs };
}

/** The placeholders a template uses, with the first line each is on. */
export function placeholdersOf(source: string): Map<string, number> {
  const found = new Map<string, number>();
  source.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(PLACEHOLDER)) if (!found.has(m[1] as string)) found.set(m[1] as string, i + 1);
  });
  return found;
}

const fill = (text: string, vars: Readonly<Record<string, string>>) => text.replace(PLACEHOLDER, (_m, name: string) => vars[name] ?? '');

/** The subject, text and HTML of a template with its values, inside the layout. */
export function renderTemplate(
  template: EmailTemplate,
  vars: Readonly<Record<string, string>>,
  layout: string,
): { subject: string; text: string; html: string } {
  return composeParts(
    fill(template.subject, vars),
    template.paragraphs.map((p) =>
      p.kind === 'link' ? { kind: 'link', label: fill(p.label, vars), href: fill(p.href, vars) } : { kind: 'text', text: fill(p.text, vars) },
    ),
    layout,
  );
}

/** Paragraphs already filled in, inside the layout. */
export function composeParts(subject: string, paragraphs: readonly EmailNode[], layout: string): { subject: string; text: string; html: string } {
  const text = paragraphs.map((p) => (p.kind === 'link' ? `${p.label}: ${p.href}` : p.text)).join('\n\n');
  const content = paragraphs
    .map((p) => (p.kind === 'link' ? `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a></p>` : `<p>${escapeHtml(p.text)}</p>`))
    .join('');
  return { subject, text, html: layout.trim().replace('{{content}}', () => content) };
}

/**
 * Problems with a layout: it must hold `{{content}}` once, and hold only what the email HTML allowlist
 * keeps (sanitize.ts): a layout the sanitizer would change is refused, never altered silently.
 */
export function layoutProblems(layout: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const count = layout.split('{{content}}').length - 1;
  if (count !== 1)
    problems.push({
      line: null,
      message: count === 0 ? 'The layout has no {{content}}: emails would be empty.' : 'The layout has {{content}} more than once.',
    });
  problems.push(...htmlProblems(layout));
  return problems;
}
