// The Code Editor's public entry: the site's assets repository (git in PostgreSQL), its service and
// the live copy of the deployed assets.
export { type CodeService, createCodeService, ensureSiteRepository, SITE_REPO } from './service';
export { createSiteAssetsLive, type SiteAssetsLive } from './live';
export { createRepository } from './repo';
