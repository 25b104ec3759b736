// CMS pages: one schema each for the editor, the page action and the JSON API.
import { z } from './zod';
import { requiredText } from './text';
import { PAGE_CONTENT_MAX, PAGE_DESCRIPTION_MAX, PAGE_SLUG_MAX, PAGE_SLUG_PATTERN, PAGE_STATUSES, PAGE_TITLE_MAX } from '../page-constants';
import { adminListQuery, recordId, versionField } from './admin';

export * from '../page-constants';

export const pageSlug = z
  .string({ error: 'Enter a slug.' })
  .trim()
  .min(1, 'Enter a slug.')
  .max(PAGE_SLUG_MAX, `Keep the slug to ${PAGE_SLUG_MAX} characters.`)
  .regex(PAGE_SLUG_PATTERN, 'Use lowercase letters a–z, digits and single hyphens, e.g. our-story.');

export const pageInput = z.object({
  title: requiredText('Enter a title.').max(PAGE_TITLE_MAX, `Keep the title under ${PAGE_TITLE_MAX} characters.`),
  slug: pageSlug,
  description: z.string().trim().max(PAGE_DESCRIPTION_MAX, `Keep the description under ${PAGE_DESCRIPTION_MAX} characters.`).default(''),
  ogImageMediaId: z.uuid({ error: 'Choose an image from the media library.' }).nullable().default(null),
  content: z.string({ error: 'Enter the content.' }).max(PAGE_CONTENT_MAX, 'The content is too long for one page.').default(''),
});
export type PageInput = z.infer<typeof pageInput>;

/** A save of the working copy names the version the editor read. */
export const pageSave = pageInput.extend({ version: versionField });
export type PageSave = z.infer<typeof pageSave>;

/** Publish, unpublish, cancel a schedule, delete: the version the editor read. */
export const pageVersionBody = z.object({ version: versionField });

export const pageSchedule = z.object({
  at: z.iso.datetime({ offset: true, error: 'Choose a date and time.' }).transform((s) => new Date(s)),
  version: versionField,
});
export type PageSchedule = z.infer<typeof pageSchedule>;

export const pageListQuery = adminListQuery(['title', 'slug', 'updatedAt'] as const).extend({
  status: z.enum(PAGE_STATUSES).optional().catch(undefined),
});
export type PageListQuery = z.infer<typeof pageListQuery>;

export const pageId = recordId('Not a page id.');
export const versionNumber = recordId('Not a version number.');

export const pageDiffQuery = z.object({ from: versionNumber, to: versionNumber });

export const pagePreview = z.object({
  title: z.string().trim().max(PAGE_TITLE_MAX).default(''),
  content: z.string().max(PAGE_CONTENT_MAX, 'The content is too long for one page.').default(''),
});
