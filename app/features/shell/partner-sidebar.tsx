// The partner shell's sidebar (spec §2), by role: each partner sees the sections of its tier.
import { Form, href, NavLink } from 'react-router';
import { ShellSidebar } from './shell-frame';

type Link = { to: string; label: string };
type Section = { title: string; links: Link[] };

export function partnerSections(roles: string[]): Section[] {
  const has = (r: string) => roles.includes(r);
  const dashboard = has('distributor')
    ? href('/partner/dashboard/distributor')
    : has('retailer')
      ? href('/partner/dashboard/retailer')
      : href('/partner/dashboard');
  const sections: Section[] = [
    { title: 'Dashboard', links: [{ to: dashboard, label: 'Dashboard' }] },
    { title: 'Product Catalog', links: [{ to: href('/partner/dashboard/products'), label: 'View Products' }] },
  ];
  if (has('importer')) {
    sections.push(
      {
        title: 'Order Management',
        links: [
          { to: href('/partner/dashboard/orders/place'), label: 'Place Order' },
          { to: href('/partner/dashboard/orders/history'), label: 'Order History' },
        ],
      },
      { title: 'Distribution', links: [{ to: href('/partner/dashboard/distribution/assign'), label: 'Assign to Distributors' }] },
    );
  }
  if (has('distributor')) {
    sections.push(
      { title: 'Order Management', links: [{ to: href('/partner/dashboard/distributor/orders/approve'), label: 'Approve Orders' }] },
      {
        title: 'Invoices',
        links: [
          { to: href('/partner/dashboard/distributor/invoices/generate'), label: 'Generate Invoice' },
          { to: href('/partner/dashboard/distributor/invoices'), label: 'Issued Invoices' },
        ],
      },
      { title: 'Shipments', links: [{ to: href('/partner/dashboard/distributor/shipments'), label: 'Shipments' }] },
    );
  }
  if (has('retailer')) {
    sections.push({
      title: 'Retail',
      links: [
        { to: href('/partner/dashboard/retailer/catalog'), label: 'Browse Catalog' },
        { to: href('/partner/dashboard/retailer/orders'), label: 'Place Orders' },
        { to: href('/partner/dashboard/retailer/invoices'), label: 'View Invoices' },
        { to: href('/partner/dashboard/retailer/receipts'), label: 'Upload Receipts' },
      ],
    });
  }
  sections.push({
    title: 'Marketing',
    links: [
      { to: href('/partner/dashboard/marketing/materials'), label: 'Request Materials' },
      { to: href('/partner/dashboard/marketing/events'), label: 'Event Requests' },
    ],
  });
  if (has('retailer') || has('distributor')) sections.push({ title: 'Payments', links: [{ to: href('/partner/dashboard/payments'), label: 'Payments' }] });
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
