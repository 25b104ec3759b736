// The partner shell's sidebar (spec §2): each partner sees the sections of its place in the chain —
// what it sells to its buyers (an importer and a distributor) and what it buys from its supplier
// (every partner), the pages of each from shared/trade-pages.ts (product.md §3: by relationship).
import { Form, href, NavLink } from 'react-router';
import { BUYERS_OF, buyerPageLabels, buyerPages, SUPPLIER_OF, supplierPages, tradeTypeOf } from '@shared/trade-pages';
import { ShellSidebar } from './shell-frame';

type Link = { to: string; label: string };
type Section = { title: string; links: Link[] };

export function partnerSections(roles: string[]): Section[] {
  const type = tradeTypeOf(roles);
  const dashboard =
    type === 'distributor' ? href('/partner/dashboard/distributor') : type === 'retailer' ? href('/partner/dashboard/retailer') : href('/partner/dashboard');
  const sections: Section[] = [
    { title: 'Dashboard', links: [{ to: dashboard, label: 'Dashboard' }] },
    { title: 'Product Catalog', links: [{ to: href('/partner/dashboard/products'), label: 'View Products' }] },
  ];
  const selling = type ? supplierPages(type) : null;
  if (selling && type && type !== 'retailer') {
    const links = [
      { to: selling.approve, label: 'Approve Orders' },
      { to: selling.generateInvoice, label: 'Generate Invoice' },
      { to: selling.issuedInvoices, label: 'Issued Invoices' },
      { to: selling.shipments, label: 'Shipments' },
    ];
    if (type === 'importer') links.push({ to: href('/partner/dashboard/distribution/assign'), label: 'Assign to Distributors' });
    sections.push({ title: `Selling to ${BUYERS_OF[type].many}`, links });
  }
  const buying = type ? buyerPages(type) : null;
  if (buying && type) {
    const label = buyerPageLabels(type);
    // Spec §2: the retailer browses its own catalogue and reads its orders on Place Orders.
    const links =
      type === 'retailer'
        ? [
            { to: href('/partner/dashboard/retailer/catalog'), label: 'Browse Catalog' },
            { to: buying.placeOrder, label: label.placeOrder },
          ]
        : [
            { to: buying.placeOrder, label: label.placeOrder },
            { to: buying.orderHistory, label: 'Order History' },
          ];
    links.push({ to: buying.receivedInvoices, label: label.receivedInvoices }, { to: buying.receipts, label: label.receipts });
    sections.push({ title: `Buying from ${SUPPLIER_OF[type]}`, links });
  }
  sections.push({
    title: 'Marketing',
    links: [
      { to: href('/partner/dashboard/marketing/materials'), label: 'Request Materials' },
      { to: href('/partner/dashboard/marketing/events'), label: 'Event Requests' },
    ],
  });
  // Everyone pays its supplier; importers and distributors are paid by their buyers on the same page.
  if (buying) sections.push({ title: 'Payments', links: [{ to: href('/partner/dashboard/payments'), label: 'Payments' }] });
  // What its invoices print about it (issue 44): every member reads them, its type role saves them.
  sections.push({ title: 'Your organisation', links: [{ to: href('/partner/dashboard/business-details'), label: 'Business details' }] });
  return sections;
}

export function PartnerSidebar({ roles, name }: { roles: string[]; name: string }) {
  return (
    <ShellSidebar label="Partner navigation">
      <nav className="flex-1 space-y-4 px-3" aria-label="Partner">
        {partnerSections(roles).map((s) => (
          <div key={s.title}>
            <p className="px-3 text-xs font-semibold tracking-wider text-brass-light uppercase">{s.title}</p>
            {s.links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end
                className={({ isActive }) => `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-white/15 font-semibold' : 'hover:bg-white/10'}`}
              >
                {l.label}
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <div className="border-t border-white/15 px-6 py-4">
        <p className="font-medium">{name}</p>
        <Form method="post" action={href('/auth/logout')} className="mt-3">
          <button type="submit" className="rounded-md border border-white/30 px-3 py-1 text-sm hover:bg-white/10">
            Sign Out
          </button>
        </Form>
      </div>
    </ShellSidebar>
  );
}
