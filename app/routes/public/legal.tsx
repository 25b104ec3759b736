// Privacy policy, terms of use, cookie notice and imprint: one page shape, copy in app/lib/legal-content.
import { data, useMatches } from 'react-router';
import type { Route } from './+types/legal';
import { LEGAL_PAGES } from '~/lib/legal-content';

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = LEGAL_PAGES[matches[matches.length - 1]?.id ?? ''];
  return page ? [{ title: `${page.title} · Frolic` }, { name: 'description', content: page.description }] : [];
};

export function loader() {
  return data(null);
}

export default function Legal() {
  const matches = useMatches();
  const page = LEGAL_PAGES[matches[matches.length - 1]?.id ?? ''];
  if (!page) return null;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-4xl">{page.title}</h1>
      <p className="mt-2 text-sm text-stone-600">Last updated {page.updated}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="font-serif text-2xl">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-stone-800">
              {p}
            </p>
          ))}
          {section.table ? (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <thead>
                  <tr>
                    {section.table.head.map((h) => (
                      <th key={h} scope="col" className="border-b-2 border-stone-300 py-2 pr-4 font-semibold">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.table.rows.map((row) => (
                    <tr key={row[0]}>
                      {row.map((cell, i) => (
                        <td key={i} className={`border-b border-stone-200 py-2 pr-4 align-top ${i === 0 ? 'font-mono' : ''}`}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ))}
    </main>
  );
}
