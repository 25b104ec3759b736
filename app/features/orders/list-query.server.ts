// A list page's query (?status=&after=), read with the API's schema; what does not parse is dropped.
import { orderListQuery, type OrderListQuery } from '@shared/schemas/orders';

export function listQuery(request: Request, side: OrderListQuery['side']): OrderListQuery {
  const params = new URL(request.url).searchParams;
  const keep = (key: 'status' | 'after') => {
    const v = params.get(key) || undefined;
    return orderListQuery.shape[key].safeParse(v).success ? v : undefined;
  };
  return orderListQuery.parse({ side, status: keep('status'), after: keep('after'), limit: 50 });
}
