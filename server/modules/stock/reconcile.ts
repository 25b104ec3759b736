// Where every bottle is (product.md §3): per product, what came into the chain — each holder's
// opening balance and staff's adjustments — equals what every holder has on hand, what is in transit
// (dispatched by a shipment, not yet received), what retailers received (they hold no ledger) and what
// was lost in transit (short or damaged on arrival). The tests check it after any sequence of trade
// steps and the trade-cycle benchmark after 100 cycles; it is one read, so an operator can run it too.
//
// Only the ledger's own causes are counted as coming in: a receipt or a shipment moves bottles between
// holders and transit, never creates them. The brand's orders from before shipments (`legacy_steps`)
// shipped by staff's old steps — out of the brand at "ship", into the importer at "deliver" — are in
// nobody's figure between the two; the equation holds once they are delivered.
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

export interface ProductReconciliation {
  productId: number;
  /** Bottles that entered the chain: opening balances and adjustments, at every holder. */
  cameIn: number;
  onHand: number;
  inTransit: number;
  receivedByRetailers: number;
  transitLosses: number;
}

/** Per product (every product with a movement or a shipment), the terms of the equation, in bottles. */
export async function reconcile(db: DbOrTx): Promise<ProductReconciliation[]> {
  const rows = await queryRows<{
    product_id: number;
    came_in: number;
    on_hand: number;
    in_transit: number;
    received_by_retailers: number;
    transit_losses: number;
  }>(
    db,
    sql`
    with came_in as (
      select product_id, sum(on_hand_delta)::int as n from stock_movements where cause in ('opening', 'adjustment') group by product_id
    ), on_hand as (
      select product_id, sum(on_hand)::int as n from stock_balances group by product_id
    ), in_transit as (
      select si.product_id, sum(si.cases * si.case_size)::int as n
      from shipment_items si join shipments s on s.id = si.shipment_id
      where s.status in ('shipped', 'in_transit', 'exception')
      group by si.product_id
    ), arrived as (
      select si.product_id,
        sum(case when o.type = 'retailer' then ri.cases_received * si.case_size else 0 end)::int as retailers,
        sum((si.cases - ri.cases_received) * si.case_size)::int as lost
      from receipt_items ri
      join receipts r on r.id = ri.receipt_id
      join shipment_items si on si.id = ri.shipment_item_id
      join organisations o on o.id = r.recipient_id
      group by si.product_id
    ), products_seen as (
      select product_id from came_in union select product_id from on_hand union select product_id from in_transit union select product_id from arrived
    )
    select p.product_id,
      coalesce(c.n, 0) as came_in, coalesce(h.n, 0) as on_hand, coalesce(t.n, 0) as in_transit,
      coalesce(a.retailers, 0) as received_by_retailers, coalesce(a.lost, 0) as transit_losses
    from products_seen p
    left join came_in c on c.product_id = p.product_id
    left join on_hand h on h.product_id = p.product_id
    left join in_transit t on t.product_id = p.product_id
    left join arrived a on a.product_id = p.product_id
    order by p.product_id`,
  );
  return rows.map((r) => ({
    productId: Number(r.product_id),
    cameIn: Number(r.came_in),
    onHand: Number(r.on_hand),
    inTransit: Number(r.in_transit),
    receivedByRetailers: Number(r.received_by_retailers),
    transitLosses: Number(r.transit_losses),
  }));
}

/** The products whose bottles do not add up (empty when the chain reconciles). */
export function unbalanced(rows: readonly ProductReconciliation[]): ProductReconciliation[] {
  return rows.filter((r) => r.cameIn !== r.onHand + r.inTransit + r.receivedByRetailers + r.transitLosses);
}
