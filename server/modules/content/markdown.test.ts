import { describe, expect, it } from 'vitest';
import { imagesIn, isAllowedLink, renderMarkdown } from './markdown';

const ID = '0b6f1c1e-3a7d-4b52-9d3c-2f1e0a9b8c7d';

describe('CMS Markdown', () => {
  it('renders raw HTML as text', () => {
    const { html } = renderMarkdown('Hello <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps only http(s), mailto and site-relative links', () => {
    const { html } = renderMarkdown(
      '[a](https://example.com) [b](mailto:hi@frolic.example) [c](/about) [d](#top) [e](javascript:alert(1)) [f](//evil.example) [g](data:text/html,x) [h](vbscript:x)',
    );
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="mailto:hi@frolic.example">b</a>');
    expect(html).toContain('<a href="/about">c</a>');
    expect(html).toContain('<a href="#top">d</a>');
    expect(html).not.toMatch(/href="(javascript|\/\/|data|vbscript)/);
    expect(['ftp://x', 'javascript:x', '//x', 'about'].map(isAllowedLink)).toEqual([false, false, false, false]);
  });

  it('gives headings unique anchors', () => {
    const r = renderMarkdown('## Units in a serve\n\ntext\n\n## Units in a serve\n\n### Café *notes*');
    expect(r.html).toContain('<h2 id="units-in-a-serve">');
    expect(r.html).toContain('<h2 id="units-in-a-serve-2">');
    expect(r.html).toContain('href="#units-in-a-serve"');
    expect(r.headings.map((h) => h.id)).toEqual(['units-in-a-serve', 'units-in-a-serve-2', 'cafe-notes']);
  });

  it('keeps one top-level heading: an opening `# Heading` is the page’s, any later `#` is a section (h2)', () => {
    const r = renderMarkdown('# Our story\n\nText.\n\n# The stills\n\n## Copper');
    expect(r.html.match(/<h1/g)).toHaveLength(1);
    expect(r.html).toContain('<h1 id="our-story">');
    expect(r.html).toContain('<h2 id="the-stills">');
    expect(r.headings.map((h) => [h.level, h.id])).toEqual([
      [2, 'the-stills'],
      [2, 'copper'],
    ]);
    // Not at the start: no h1 at all (the page shows its title as the h1).
    expect(renderMarkdown('Intro.\n\n# Later').html).not.toContain('<h1');
  });

  it('shows images from the media library only', () => {
    const src = `![Stills](/media/${ID}/web) ![x](https://tracker.example/p.gif) ![y](/media/${ID.replace('0b', 'ff')}/web)`;
    expect(imagesIn(src)).toEqual({ ids: [ID, ID.replace('0b', 'ff')], outside: ['https://tracker.example/p.gif'] });
    const { html } = renderMarkdown(src, new Map([[ID, { id: ID, altText: 'alt', width: 800, height: 600 }]]));
    expect(html).toContain(`<img src="/media/${ID}/web" alt="Stills" loading="lazy" decoding="async" width="800" height="600">`);
    expect(html).not.toContain('tracker.example');
    expect(html.match(/<img/g)).toHaveLength(1);
  });

  it('renders tables', () => {
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |').html).toContain('<table>');
  });
});
