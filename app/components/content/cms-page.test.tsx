import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CmsPageBody } from './cms-page';

const h1s = (html: string) => html.match(/<h1[\s>]/g)?.length ?? 0;

describe('a CMS page has one top-level heading', () => {
  it('Markdown that opens with `# Heading`: that heading, not the title again', () => {
    const html = renderToStaticMarkup(<CmsPageBody title="Gift cards" html={'<h1 id="gift-cards">Gift cards</h1>\n<p>Give a tasting.</p>'} />);
    expect(h1s(html)).toBe(1);
    expect(html).toContain('<h1 id="gift-cards">Gift cards');
  });

  it('Markdown without one: the title', () => {
    const html = renderToStaticMarkup(<CmsPageBody title="Gift cards" html={'<p>Give a tasting.</p>\n<h2 id="how">How</h2>'} />);
    expect(h1s(html)).toBe(1);
    expect(html).toContain('>Gift cards</h1>');
  });
});
