// What the CMS pages service answers (server/modules/content/pages.ts), as the staff screens and the
// public routes read it.
import type { PickedMedia } from './media';
import type { PageStatus } from './page-constants';

/** A row of the Pages list. */
export interface PageSummary {
  id: number;
  title: string;
  slug: string;
  status: PageStatus;
  /** The public address while published (the published version's slug). */
  publishedSlug: string | null;
  /** Published, with a newer working copy the public does not see yet. */
  hasUnpublishedChanges: boolean;
  updatedAt: string;
  updatedBy: string | null;
  scheduledPublishAt: string | null;
  /** The scheduled publish's job failed for good: its error. */
  scheduleError: string | null;
  /** Its address is a route of the site (About, the legal pages): fixed, and it cannot be deleted. */
  routePage: boolean;
  version: number;
}

/** The editor's view: the working copy. */
export interface PageDetail extends PageSummary {
  description: string;
  ogImage: PickedMedia | null;
  content: string;
  draftN: number;
  publishedN: number | null;
  scheduledN: number | null;
  publishedAt: string | null;
}

/** A row of the staff list: the editor's view without the Markdown (the editor reads it with the page). */
export type PageListItem = Omit<PageDetail, 'content'>;

export interface PageVersionInfo {
  n: number;
  title: string;
  slug: string;
  origin: string;
  author: string | null;
  createdAt: string;
  published: boolean;
  scheduled: boolean;
}

export interface PageDiff {
  from: PageVersionInfo;
  to: PageVersionInfo;
  fields: { field: 'title' | 'slug' | 'description'; from: string; to: string }[];
  /** The content, line by line: unchanged runs, removals and additions. */
  lines: { kind: 'same' | 'added' | 'removed'; text: string }[];
}

/** What a visitor gets: only ever the published version. */
export interface PublicPage {
  slug: string;
  title: string;
  description: string;
  html: string;
  headings: { level: number; id: string; text: string }[];
  ogImage: { url: string; alt: string } | null;
  publishedAt: string;
  words: number;
}

export interface PagePreview {
  title: string;
  html: string;
  words: number;
}
