import { describe, expect, it } from 'vitest';
import type { Permission } from './policy';
import { roleCards, type RoleView } from './roles';

const PARTNERS = ['partner', 'importer', 'distributor', 'retailer'];
const view = (name: string, over: Partial<RoleView> = {}): RoleView => ({
  name,
  label: name[0]!.toUpperCase() + name.slice(1),
  description: '',
  area: PARTNERS.includes(name) ? 'partner' : name === 'customer' ? null : 'staff',
  isSystem: true,
  locked: name === 'master_admin' || name === 'customer',
  sharedWith: PARTNERS.includes(name) ? PARTNERS : [name],
  version: 1,
  permissions: [],
  users: 0,
  ...over,
});

describe('the Roles & Permissions cards', () => {
  it('one per role in the screen order, the partner roles on one card, custom roles by name, no customer', () => {
    const grants: Permission[] = ['inventory:view', 'orders:manage'];
    const cards = roleCards([
      view('zeta_ops', { isSystem: false, label: 'Zeta ops' }),
      view('customer'),
      ...PARTNERS.map((n) => view(n, { permissions: grants, users: 2, version: n === 'retailer' ? 3 : 1 })),
      view('employee'),
      view('admin'),
      view('master_admin'),
      view('alpha_desk', { isSystem: false, label: 'Alpha desk' }),
    ]);
    expect(cards.map((c) => c.name)).toEqual(['master_admin', 'admin', 'employee', 'partner', 'alpha_desk', 'zeta_ops']);
    const partner = cards.find((c) => c.name === 'partner')!;
    expect(partner).toMatchObject({ covers: ['Partner', 'Importer', 'Distributor', 'Retailer'], users: 8, version: 3, permissions: grants, partly: {} });
  });

  it('shows a switch on only when every partner role holds it, and names those that do', () => {
    const cards = roleCards(PARTNERS.map((n) => view(n, { permissions: n === 'importer' ? ['orders:manage', 'reports:view'] : ['orders:manage'] })));
    expect(cards[0]).toMatchObject({ permissions: ['orders:manage'], partly: { 'reports:view': ['Importer'] } });
  });
});
