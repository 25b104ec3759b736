// About: the brand's story, values and distillery. The copy is a CMS page the master admin edits in
// Content Management; the layout around it stays designed: what comes before the page's first
// section heading (its `# title` and the opening paragraph) is the hero, the sections follow, and
// the visit card closes the page.
import { Link, href } from 'react-router';
import type { Route } from './+types/about';
import { CmsHtml, cmsMeta } from '~/components/content/cms-page';
import { PageError } from '~/features/layout/not-found';
import { publishedPage } from '~/lib/cms.server';

export const meta: Route.MetaFunction = ({ data }) => (data ? cmsMeta(data.page, data.publicOrigin, `${data.page.title} · Our story and distillery`) : []);

export const loader = ({ context }: Route.LoaderArgs) => publishedPage(context, 'about');

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} dev={import.meta.env.DEV} />;
}

/** The server's HTML split before its first `<h2`: the hero's copy and the sections. */
function splitAtFirstSection(html: string): { intro: string; body: string } {
  const at = html.indexOf('<h2');
  return at < 0 ? { intro: html, body: '' } : { intro: html.slice(0, at), body: html.slice(at) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { intro, body } = splitAtFirstSection(loaderData.page.html);
  return (
    <main id="main">
      <section className="bg-forest text-cream">
        <div className="mx-auto max-w-4xl px-4 py-20">
          <p className="text-sm font-semibold tracking-[0.3em] text-brass-light uppercase">Our story</p>
          <CmsHtml html={intro} className="cms-hero mt-4" />
        </div>
      </section>
      {body ? (
        <section className="mx-auto max-w-4xl px-4 py-16">
          <CmsHtml html={body} className="cms-about" />
        </section>
      ) : null}
      <section className="mx-auto max-w-4xl px-4 pb-16">
        <div className="rounded-2xl bg-white p-8 shadow-sm">
          <h2 className="font-serif text-xl">Visit us</h2>
          <p className="mt-3 text-stone-700">Tours run Thursday to Sunday and end with a guided tasting for visitors of legal drinking age.</p>
          <Link to={href('/contact')} className="mt-4 inline-block font-medium text-brass underline">
            Ask about a tour
          </Link>
        </div>
      </section>
    </main>
  );
}
