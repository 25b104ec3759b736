// A CMS page as the public sees it, and as the staff preview shows it: the server's HTML from the
// page's Markdown (rendered with raw HTML off, links and images checked — server/modules/content/
// markdown.ts), inside the same prose styles. Used by the catch-all route, the brand's own routes
// (About, Drink Responsibly, the legal pages) and Content Management's preview.

/** The server-rendered Markdown. The HTML is the server's own output, never the author's HTML. */
export function CmsHtml({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`cms-prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Markdown that opens with `# Heading` brings the page's one h1 (the renderer leaves no other). */
export const opensWithHeading = (html: string): boolean => /^\s*<h1[\s>]/.test(html);

/**
 * A page's title, when it was last published (for legal pages), and its content: the public page and
 * the preview. One top-level heading: the title, unless the Markdown opens with a heading of its own —
 * then that is the page's heading (the author wrote it to be seen; the title still names the page in
 * the browser tab, search results and links), as on About.
 */
export function CmsPageBody({ title, html, updated }: { title: string; html: string; updated?: string }) {
  return (
    <article>
      {opensWithHeading(html) ? null : <h1 className="font-serif text-4xl">{title}</h1>}
      {updated ? <p className="mt-2 text-sm text-stone-600">Last updated {updated}</p> : null}
      <CmsHtml html={html} className="mt-8" />
    </article>
  );
}

/** A plain CMS page as the public sees it. */
export function CmsArticle({ title, html, updated }: { title: string; html: string; updated?: string }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <CmsPageBody title={title} html={html} updated={updated} />
    </main>
  );
}

interface MetaPage {
  title: string;
  description: string;
  ogImage: { url: string; alt: string } | null;
  slug: string;
}

/** Title, description and Open Graph tags of a CMS page (absolute URLs when the public origin is known). */
export function cmsMeta(page: MetaPage, publicOrigin: string | null, title = `${page.title} · Frolic`) {
  const absolute = (path: string) => (publicOrigin ? new URL(path, publicOrigin).href : path);
  return [
    { title },
    ...(page.description ? [{ name: 'description', content: page.description }] : []),
    { property: 'og:title', content: page.title },
    ...(page.description ? [{ property: 'og:description', content: page.description }] : []),
    { property: 'og:type', content: 'website' },
    ...(page.ogImage
      ? [
          { property: 'og:image', content: absolute(page.ogImage.url) },
          { property: 'og:image:alt', content: page.ogImage.alt },
        ]
      : []),
    ...(publicOrigin
      ? [{ tagName: 'link', rel: 'canonical', href: absolute(`/${page.slug}`) } as const, { property: 'og:url', content: absolute(`/${page.slug}`) }]
      : []),
  ];
}

/** "23 November 2026" in UTC; called by loaders, so the browser never formats it (no ICU at hydration). */
export function publishedDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
