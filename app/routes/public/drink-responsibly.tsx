// Drink responsibly: guidance, unit facts and organisations that help.
import type { Route } from './+types/drink-responsibly';

export const meta: Route.MetaFunction = () => [
  { title: 'Drink responsibly · Frolic' },
  { name: 'description', content: 'How to enjoy spirits responsibly: units in a serve of Frolic, low-risk drinking guidance and organisations that can help.' },
];

const UNITS = [
  { serve: 'A 25 ml measure of Frolic London Dry Gin (43%)', units: 1.1 },
  { serve: 'A 50 ml double of Frolic Wheat Vodka (40%)', units: 2.0 },
  { serve: 'A 25 ml measure of Frolic Navy Strength Gin (57.1%)', units: 1.4 },
  { serve: 'A 35 ml dram of Frolic Single Malt 12 (46%)', units: 1.6 },
  { serve: 'A 50 ml serve of Frolic Coffee Liqueur (25%)', units: 1.3 },
];

const ORGANISATIONS = [
  { name: 'Drinkaware (UK)', url: 'https://www.drinkaware.co.uk/' },
  { name: 'Responsibility.org (US)', url: 'https://www.responsibility.org/' },
  { name: 'Educ’alcool (Canada)', url: 'https://www.educalcool.qc.ca/en/' },
  { name: 'DrinkWise (Australia)', url: 'https://drinkwise.org.au/' },
  { name: 'IARD — International Alliance for Responsible Drinking', url: 'https://www.iard.org/' },
];

export default function DrinkResponsibly() {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="font-serif text-4xl">Drink responsibly</h1>
      <p className="mt-4 text-lg text-stone-700">Great spirits are for savouring. Here is how to enjoy ours well.</p>
      <section className="mt-10" aria-labelledby="guidance">
        <h2 id="guidance" className="font-serif text-2xl">Simple guidance</h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-stone-800">
          <li>Know your limits: UK guidance is not to drink more than 14 units a week on a regular basis, spread over three or more days.</li>
          <li>Have several drink-free days each week, and alternate alcoholic drinks with water.</li>
          <li>Never drink and drive, and do not drink if you are pregnant or trying to conceive.</li>
          <li>Eat before and while you drink, and measure your serves rather than free-pouring.</li>
          <li>Never share alcohol — or content about it — with anyone under the legal drinking age.</li>
        </ul>
      </section>
      <section className="mt-10" aria-labelledby="units">
        <h2 id="units" className="font-serif text-2xl">Units in a serve</h2>
        <p className="mt-2 text-stone-700">One UK unit is 10 ml of pure alcohol: volume (ml) × ABV (%) ÷ 1000.</p>
        <table className="mt-4 w-full border-collapse text-left">
          <thead>
            <tr>
              <th scope="col" className="border-b-2 border-stone-300 py-2">Serve</th>
              <th scope="col" className="border-b-2 border-stone-300 py-2 text-right">Units</th>
            </tr>
          </thead>
          <tbody>
            {UNITS.map((u) => (
              <tr key={u.serve}>
                <td className="border-b border-stone-200 py-2">{u.serve}</td>
                <td className="border-b border-stone-200 py-2 text-right font-semibold">{u.units.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="mt-10" aria-labelledby="help">
        <h2 id="help" className="font-serif text-2xl">Where to find help</h2>
        <p className="mt-2 text-stone-700">These independent organisations offer advice and support (links open their own sites).</p>
        <ul className="mt-4 space-y-2">
          {ORGANISATIONS.map((o) => (
            <li key={o.url}>
              <a href={o.url} rel="noopener noreferrer" className="font-medium text-brass underline">
                {o.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
