// What the live site uses from the assets repository: the newest deployment's files, compiled
// (assets.ts). Every instance holds one copy in memory. A deploy bumps the content version on the
// change feed (NOTIFY across instances), which makes every instance read the pointer again — at once
// in the background, and before serving anything under the new version: a page rendered (and
// cached, keyed on that version) after a deploy never carries the old theme. The mailer takes the
// templates as last read at every send (it may not wait inside a transaction), so an email's wording
// follows the deploy as soon as the instance has read it. No restart anywhere.
import { sql } from 'drizzle-orm';
import type { ContentVersion } from '../../cache/content-version';
import { type Db, queryRows } from '../../db/client';
import type { LiveEmailTemplates } from '../../mail/mailer';
import { compileAssets, SEED_FILES, type SiteAssets } from './assets';
import type { Repository } from './repo';

export interface LiveAssets {
  /** The deployed commit (null before the first deploy: the seed files). */
  commit: string | null;
  assets: SiteAssets;
}

export interface SiteAssetsLive {
  /** What is live, read again first if the content version moved since the last read. */
  current(): Promise<LiveAssets>;
  /**
   * The templates as last read, at once (and a read started if they may be stale). The mailer calls
   * it inside its callers' transactions, where waiting for another query could wait forever (PGlite
   * has one connection; a pool can run dry).
   */
  emailTemplates(): LiveEmailTemplates;
}

/** The seed files compiled: what the site uses until a repository is deployed. */
export function seedAssets(): SiteAssets {
  const { assets, problems } = compileAssets(new Map(Object.entries(SEED_FILES)));
  if (!assets) throw new Error(`the seed assets do not pass their own checks: ${JSON.stringify(problems)}`);
  return assets;
}

export async function liveCommit(db: Db, repo: string): Promise<string | null> {
  const rows = await queryRows<{ commit_oid: string }>(db, sql`select commit_oid from code_deployments where repo = ${repo} order by id desc limit 1`);
  return rows[0]?.commit_oid ?? null;
}

export function createSiteAssetsLive(db: Db, repository: Repository, content: ContentVersion, onError: (err: unknown) => void): SiteAssetsLive {
  const fallback: LiveAssets = { commit: null, assets: seedAssets() };
  let loaded: (LiveAssets & { version: number }) | null = null;
  // The read under way and the content version it started under: a read that began before a change
  // may have seen the old pointer, so a caller under the new version waits for a read of its own.
  let loading: { version: number; promise: Promise<LiveAssets> } | null = null;

  async function load(version: number): Promise<LiveAssets> {
    const commit = await liveCommit(db, repository.repo);
    let live: LiveAssets = fallback;
    if (commit && commit === loaded?.commit) live = loaded;
    else if (commit) {
      // Checked at deploy; a commit that fails now (a check made stricter since) keeps what was live.
      const { assets } = compileAssets(await repository.files(commit));
      live = assets ? { commit, assets } : (loaded ?? fallback);
    }
    if (!loaded || version >= loaded.version) loaded = { ...live, version };
    return live;
  }

  function current(): Promise<LiveAssets> {
    const version = content.current;
    if (loaded && loaded.version === version) return Promise.resolve(loaded);
    if (!loading || loading.version !== version) {
      const after = loading?.promise.catch(() => undefined) ?? Promise.resolve();
      const entry = { version, promise: after.then(() => load(version)) };
      loading = entry;
      void entry.promise
        .finally(() => {
          if (loading === entry) loading = null;
        })
        .catch(() => undefined);
    }
    // A read that fails (the database restarting) serves what was live rather than failing the page.
    return loading.promise.catch((err: unknown) => {
      onError(err);
      return loaded ?? fallback;
    });
  }

  // Read the new pointer as soon as any instance says the content changed, not on the first visit;
  // and once now, so the first email has the deployed templates.
  content.onChange(() => void current());
  void current();

  return {
    current,
    emailTemplates() {
      if (!loaded || loaded.version !== content.current) void current();
      return (loaded ?? fallback).assets.emails;
    },
  };
}
