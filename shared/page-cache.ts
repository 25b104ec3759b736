/**
 * A page's loader may name, in this response header (epoch milliseconds), the instant its cached copy
 * goes stale — the store locator, whose "today" changes at the shown stores' midnights. The page cache
 * (server/http/page-cache.ts) keeps the copy until then and never sends the header on.
 */
export const PAGE_CACHE_UNTIL = 'X-Page-Cache-Until';
