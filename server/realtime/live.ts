// How a service tells the open pages that something changed: a signal on the change feed, with the
// audiences that may hear it. Every instance's live sockets (live-sockets.ts) push
// `{ type: 'changed', topic, id }` to the users one of those audiences admits (the one decision,
// `authorize(user, audienceNeed(audience))`), so a partner hears its organisation's signals and
// staff the ones their permissions cover. Publish after the commit.
import type { Audience } from '../auth/authorize';
import type { ChangeFeed } from './changes';

export const LIVE_TOPIC = 'live';

export interface LiveSignal {
  /** What kind of thing changed, e.g. `marketing_request` (the page decides whether it cares). */
  topic: string;
  /** The record, when there is one. */
  id?: string | number | null;
  /**
   * Who may hear it: delivered to a user whom any of these admits. A request between a partner and
   * the brand names both: `{ permission: 'marketing:request', organisationId }` (that organisation's
   * members) and `{ permission: 'marketing:requests' }` (staff who handle requests).
   */
  audiences: Audience[];
}

export interface Live {
  changed(signal: LiveSignal): Promise<void>;
}

export function createLive(feed: ChangeFeed): Live {
  return {
    changed: (signal) => feed.publish(LIVE_TOPIC, { topic: signal.topic, id: signal.id ?? null, audiences: signal.audiences } satisfies LiveSignal),
  };
}
