// About: the brand's story, values and distillery.
import { Link } from 'react-router';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = () => [
  { title: 'About Frolic · Our story and distillery' },
  { name: 'description', content: 'Frolic has distilled small-batch spirits in copper pot stills since 1998. Meet the people, the values and the distillery behind every bottle.' },
  { property: 'og:title', content: 'About Frolic' },
  { property: 'og:description', content: 'The story, values and distillery behind Frolic spirits.' },
];

const VALUES = [
  { title: 'Patience', text: 'Our gins rest for six weeks before bottling and our single malt for twelve years. We do not rush a spirit.' },
  { title: 'Provenance', text: 'Winter wheat from the Lothians, water from our own borehole, botanicals we can trace to the farm.' },
  { title: 'Responsibility', text: 'We market only to adults, print units on every label and support the organisations that help people drink well.' },
];

export default function About() {
  return (
    <main id="main">
      <section className="bg-forest text-cream">
        <div className="mx-auto max-w-4xl px-4 py-20">
          <p className="text-sm font-semibold tracking-[0.3em] text-brass-light uppercase">Our story</p>
          <h1 className="mt-4 font-serif text-5xl leading-tight">Distilled slowly, in small batches, since 1998</h1>
          <p className="mt-6 max-w-2xl text-lg text-stone-200">
            Frolic began with one 500-litre copper pot still in a former dairy on the edge of Edinburgh. Twenty-eight years later we still
            distil every batch by hand — now on four stills — and still taste every cask before it is bottled.
          </p>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="values-heading">
        <h2 id="values-heading" className="font-serif text-3xl">What we believe</h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {VALUES.map((v) => (
            <article key={v.title} className="rounded-2xl bg-white p-8 shadow-sm">
              <h3 className="font-serif text-xl">{v.title}</h3>
              <p className="mt-3 text-stone-700">{v.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-10 px-4 md:grid-cols-2" aria-labelledby="distillery-heading">
        <div>
          <h2 id="distillery-heading" className="font-serif text-3xl">The distillery</h2>
          <p className="mt-4 leading-relaxed text-stone-800">
            Our stills are named after the founders’ grandmothers: Agnes, Morag, Elspeth and Jean. Agnes, the smallest, makes our London Dry
            Gin in runs of just 400 bottles. The botanicals steep overnight in the pot before the heat goes on, and our distillers make the
            cut by nose.
          </p>
          <p className="mt-4 leading-relaxed text-stone-800">
            The whisky matures in a stone warehouse by the Firth of Forth, in ex-bourbon and first-fill sherry casks. Sea air finds its way
            into every cask.
          </p>
        </div>
        <div className="rounded-2xl bg-white p-8 shadow-sm">
          <h3 className="font-serif text-xl">Visit us</h3>
          <p className="mt-3 text-stone-700">Tours run Thursday to Sunday and end with a guided tasting for visitors of legal drinking age.</p>
          <Link to="/contact" className="mt-4 inline-block font-medium text-brass underline">Ask about a tour</Link>
        </div>
      </section>
    </main>
  );
}
