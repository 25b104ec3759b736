// What every marketing-request action works with: the access check (a record another organisation
// owns is not there), the request read or not found, the partner's trading standing, and the write that
// tells both sides after its commit.
import type { AccessNeed } from '../../../shared/policy';
import type { Tx } from '../../db/client';
import { createAllow, createTradeWriter, found, type TradeDeps, tradingOrganisation } from '../trade';
import { createNotices, type News } from './notices';
import { createRequestQueries, type RequestRow } from './queries';

/** The live channel's topic for a marketing request (`{ type: 'changed', topic, id }`). */
export const MARKETING_REQUEST_TOPIC = 'marketing_request';

export type MarketingRequestDeps = TradeDeps;

export const READ: AccessNeed = { permission: 'marketing:request' };
export const HANDLE: AccessNeed = { permission: 'marketing:requests' };

export function createRequestContext(deps: MarketingRequestDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const queries = createRequestQueries(db);
  const notices = createNotices(deps.notifications, deps.mailer, deps.origin);
  const writer = createTradeWriter(deps, MARKETING_REQUEST_TOPIC);

  /**
   * Runs a write with its news; once it committed, the bell entries are announced and the open pages
   * of both sides — the organisation's members and the staff who handle requests — hear that the
   * request changed (even when no bell entry is theirs, e.g. a comment they wrote themselves).
   */
  function write<T>(fn: (tx: Tx, tell: (news: News) => Promise<void>) => Promise<T>): Promise<T> {
    return writer.write((tx, fx) =>
      fn(tx, async (news) => {
        const organisationId = news.request.organisationId;
        fx.changed(MARKETING_REQUEST_TOPIC, news.request.id, [
          { permission: 'marketing:request', organisationId },
          { permission: 'marketing:requests', organisationId },
        ]);
        fx.told(await notices.tell(tx, news));
      }),
    );
  }

  return {
    db,
    now,
    queries,
    /** The one decision, as this service's refusal: a record another organisation owns is not there. */
    allow: createAllow(deps.access, 'Request'),
    /** What reading (or, with `act`, writing to) a request of an organisation needs. */
    owned: (row: RequestRow): AccessNeed => ({ ...READ, resource: { organisationIds: [row.organisationId] } }),
    requireRow: async (id: number): Promise<RequestRow> => found(await queries.row(id), 'Request'),
    /** The partner's organisation, read afresh in the write: it must be able to trade today. */
    tradingOrganisation: (tx: Tx, organisationId: string) => tradingOrganisation(tx, organisationId, now),
    write,
  };
}

export type RequestContext = ReturnType<typeof createRequestContext>;
