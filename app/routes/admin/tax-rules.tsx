// Tax rules (issue 44; staff holding Finance): VAT and excise duty per jurisdiction — each market, and
// each EU member state — by effective date, as orders, invoices and credit notes take them. Every
// jurisdiction's rules in force today at a glance; one jurisdiction's in force, upcoming and superseded
// rules with their sources (a figure nobody verified labelled as an example); forms to add a VAT rule
// or a set of duty bands from today or later. A rule in force is never edited or deleted — a change is
// a new rule from a later date — and a rule still to come may be withdrawn.
import { jurisdictionName, TAX_JURISDICTIONS, taxRuleInput, taxRuleListQuery, taxRuleWithdrawal } from '@shared/schemas/tax';
import { plural } from '@shared/plural';
import { vatRateLabel } from '@shared/tax';
import type { Route } from './+types/tax-rules';
import { EditorAlert } from '~/components/admin-ui/editor';
import { PageHeader } from '~/components/admin-ui/list';
import { ExciseRuleForm, JurisdictionFilter, VatRuleForm } from '~/features/tax/tax-rule-forms';
import { JurisdictionRules, jurisdictionHref, OverviewTable } from '~/features/tax/tax-rules-view';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Tax rules · Frolic' }];

const CHOICES = TAX_JURISDICTIONS.map((code) => ({ code, name: jurisdictionName(code) }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'taxRules');
  // A jurisdiction that is not one shows them all.
  const asked = taxRuleListQuery.safeParse({ jurisdiction: new URL(request.url).searchParams.get('jurisdiction') ?? '' });
  const jurisdiction = asked.success ? (asked.data.jurisdiction ?? null) : null;
  const overview = await context.services.tax.overview(user, jurisdiction ? { jurisdiction } : {});
  return { overview, jurisdiction, choices: CHOICES };
}

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  const { tax } = context.services;
  const body = await readBody(args.request);
  if (body.intent === 'withdraw')
    return adminAction(args, {
      permission: 'finance:manage',
      schema: taxRuleWithdrawal,
      body,
      run: (input, { user, actor }) => tax.withdrawRule(user, input.id, actor),
      done: ({ withdrawn, rules }) => ({
        to: jurisdictionHref(rules.jurisdiction),
        title: 'Rule withdrawn',
        description: `${rules.name}: ${withdrawn.length > 1 ? `${plural(withdrawn.length, 'duty band')} withdrawn` : 'the rule is withdrawn'}; the rule in force stays.`,
      }),
    });
  return adminAction(args, {
    permission: 'finance:manage',
    schema: taxRuleInput,
    body,
    run: (input, { user, actor }) => tax.addRule(user, input, actor),
    done: ({ ids, rules }) => {
      const vat = rules.vat.find((r) => r.id === ids[0]);
      if (vat)
        return {
          to: jurisdictionHref(rules.jurisdiction),
          title: 'VAT rule added',
          description: `${rules.name}: ${vatRateLabel(vat.category, vat.rateBp)} from ${vat.effectiveFrom}${vat.status === 'upcoming' ? ' (upcoming)' : ''}.`,
        };
      const set = rules.excise.find((s) => s.bands.some((b) => b.id === ids[0]));
      return {
        to: jurisdictionHref(rules.jurisdiction),
        title: 'Duty bands added',
        description: `${rules.name}: ${plural(set?.bands.length ?? ids.length, 'band')} in ${set?.currency ?? ''} from ${set?.effectiveFrom ?? ''}${set?.status === 'upcoming' ? ' (upcoming)' : ''}.`,
      };
    },
  });
}

export default function TaxRulesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, jurisdiction, choices } = loaderData;
  const one = jurisdiction ? overview.jurisdictions[0] : undefined;
  // The forms start on the jurisdiction open (the first otherwise) and today; a new one opens with the page's.
  const formJurisdiction = one?.jurisdiction ?? choices[0]!.code;
  // A rule added or withdrawn (here or elsewhere) starts the forms again, empty.
  const rows = overview.jurisdictions.reduce((n, j) => n + j.vat.length + j.excise.reduce((m, s) => m + s.bands.length, 0), 0);
  return (
    <main id="main" className="max-w-6xl">
      <PageHeader
        title="Tax rules"
        description="VAT and excise duty by jurisdiction and date, as orders, invoices and credit notes take them. A rule in force is never changed: a change is a new rule from a later date. A rule still to come may be withdrawn."
      />
      <EditorAlert formError={actionData?.formError} code={actionData?.code} hint={actionData?.hint} />
      <JurisdictionFilter key={jurisdiction ?? ''} choices={choices} value={jurisdiction} />
      {one ? (
        <section aria-labelledby="jurisdiction-title" className="mb-8 space-y-4">
          <h2 id="jurisdiction-title" className="font-serif text-2xl">
            {one.name}
          </h2>
          <p className="text-sm text-stone-600">In force and upcoming as of {overview.today} (UTC).</p>
          <JurisdictionRules rules={one} />
        </section>
      ) : (
        <section aria-labelledby="overview-title" className="mb-8 space-y-3">
          <h2 id="overview-title" className="font-serif text-2xl">
            In force today
          </h2>
          <p className="text-sm text-stone-600">As of {overview.today} (UTC). Open a jurisdiction for its upcoming and superseded rules and their sources.</p>
          <OverviewTable jurisdictions={overview.jurisdictions} />
        </section>
      )}
      <section aria-labelledby="add-title" className="space-y-4">
        <h2 id="add-title" className="font-serif text-2xl">
          Add a rule
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <VatRuleForm key={`vat-${formJurisdiction}-${rows}`} choices={choices} jurisdiction={formJurisdiction} today={overview.today} />
          <ExciseRuleForm key={`excise-${formJurisdiction}-${rows}`} choices={choices} jurisdiction={formJurisdiction} today={overview.today} />
        </div>
      </section>
    </main>
  );
}
