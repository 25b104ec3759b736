// What a buyer may order: the trade catalogue at its tier's prices (as View Products reads it) with
// the cases its supplier can sell now (its ledger's available figure; the page refreshes when that
// stock moves), and a fresh Idempotency-Key for the form this render shows.
import type { AppLoadContext } from 'react-router';
import { PARTNER_CATALOG_PAGE_SIZE_MAX } from '@shared/partner-catalog-constants';
import { ORGANISATION_TYPE_LABELS, READ_ONLY_REFUSAL, STANDING_REFUSAL, SUPPLIER_TYPE, tradesFor } from '@shared/partners';
import type { requirePartnerPage } from '~/lib/guards.server';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;

export async function orderForm(context: AppLoadContext, user: User) {
  const page = await context.services.partnerCatalog.list(user, { q: undefined, page: 1, pageSize: PARTNER_CATALOG_PAGE_SIZE_MAX }, { ordering: true });
  const products = page.items.map((p) => ({
    id: p.id,
    name: p.name,
    category: p.category,
    caseSize: p.caseSize,
    price: p.price,
    availableCases: p.availability?.cases ?? null,
  }));
  const type = user.organisation?.type;
  const above = type ? SUPPLIER_TYPE[type] : null;
  const supplier = above ? `your ${ORGANISATION_TYPE_LABELS[above].toLowerCase()}` : 'Frolic';
  const notice = !user.organisationId
    ? 'Your account does not belong to a partner organisation yet: Frolic adds you to yours before you can place an order.'
    : !tradesFor(user.roles)
      ? READ_ONLY_REFUSAL.message
      : user.standing && user.standing !== 'active'
        ? STANDING_REFUSAL[user.standing].message
        : null;
  return { products, supplier, notice, idempotencyKey: crypto.randomUUID() };
}
