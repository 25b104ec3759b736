// The accessibility check every journey uses (fixtures.ts) finds what it is there to find: a page
// with a serious and a critical violation, whole and in part, and a clean page.
import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './fixtures';

test('the axe check reports serious and critical violations, in the part asked for', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<p style="color:#777;background:#888">Hard to read</p></main><form><label>Name <input name="n"></label></form></body></html>',
  );
  expect((await seriousAxeViolations(page)).map((v) => v.id).sort()).toEqual(['color-contrast', 'image-alt']);
  // Injected once per document: a second run finds the same.
  expect((await seriousAxeViolations(page)).map((v) => v.id).sort()).toEqual(['color-contrast', 'image-alt']);
  expect(await seriousAxeViolations(page, 'form')).toEqual([]);
  await page.setContent('<html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><p>Fine.</p></main></body></html>');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
