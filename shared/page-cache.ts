/**
 * A page's loader may name, in this response header (epoch milliseconds), the instant its cached copy
 * goes stale — the store locator, whose "today" changes at the shown stores' midnights. The page cache
 * (server/http/page-cache.ts) keeps the copy until then and never sends the header on. Lower case, as
 * `Headers` lists names, so it compares as it is.
 */
export const PAGE_CACHE_UNTIL = 'x-page-cache-until';
