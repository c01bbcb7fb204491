import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/back-office';
import { axeViolations } from './support/axe';
import { signInThroughApi } from './support/accounts';

/** The seeded administrator, Meera Iyer: website_setting:view and website_setting:edit. */
const MEERA = '9876500003';

/** The serious and critical axe violations: the editor's bar (the preview is the shop's own page, checked by its own specs). */
const seriousViolations = async (page: Page) => (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');

test.describe.configure({ mode: 'serial' });

test('Meera builds a page with a hero, a product carousel and rich text, publishes it for shoppers, and restores an earlier version @desktop', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, MEERA);
  // On a page of the shop: the spec's own calls read its anti-forgery cookie there.
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  const path = `/monsoon-${Date.now().toString(36)}`;
  const created = await apiCall(page, 'POST', '/pages', { url: path, title: 'Monsoon offers' });
  expect(created.status).toBe(201);
  const id = created.body.id as number;

  await page.goto(`/page-builder/pages/${id}`);
  await expect(page).toHaveTitle(new RegExp(`^Edit ${path} · Page builder`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Monsoon offers');
  await expect(page.locator('[data-page-state="draft"]')).toHaveText('Draft: not live yet');
  const status = page.locator('[data-save-status]');
  const blocks = page.locator('[data-block-list] > li');

  // A hero: its image typed as a path of the shop, its words as alt text.
  await page.locator('[data-palette] summary').click();
  await page.locator('[data-add-block="hero"]').click();
  const hero = page.locator('[data-block="hero"]');
  await expect(hero.getByRole('button', { name: /Hero slider/, expanded: true })).toBeFocused();
  await expect(page.locator('[data-problems]')).toContainText('Block 1 “Hero slider” · Slides · #1 · Image');
  await expect(page.locator('[data-publish]')).toBeDisabled();
  await hero.getByRole('textbox', { name: 'Image', exact: true }).fill('/demo/banners/annapurna-fresh-1.svg');
  await hero.getByRole('textbox', { name: 'Alt text' }).fill('Monsoon offers: up to 30% off on staples');
  await expect(page.locator('[data-problems]')).toHaveCount(0);

  // A product carousel, its product found by name and chosen with the keyboard.
  await page.locator('[data-palette] summary').click();
  await page.locator('[data-add-block="product_carousel"]').click();
  const carousel = page.locator('[data-block="product_carousel"]');
  const search = carousel.getByRole('combobox', { name: 'Add a product to products' });
  await search.fill('basmati');
  await expect(carousel.getByRole('option').first()).toContainText('Basmati');
  const chosenName = ((await carousel.getByRole('option').first().locator('span.font-medium').textContent()) ?? '').trim();
  await search.press('Enter');
  await expect(carousel.locator('[data-chosen-list="product"] li')).toHaveCount(1);
  await expect(carousel.locator('[data-chosen-list="product"]')).toContainText(chosenName);
  await carousel.getByRole('textbox', { name: 'Title', exact: true }).fill('Rice for the rains');

  // Rich text, written in the text editor with its toolbar.
  await page.locator('[data-palette] summary').click();
  await page.locator('[data-add-block="rich_html"]').click();
  const text = page.locator('[data-block="rich_html"]').getByRole('textbox', { name: 'Text' });
  await text.click();
  await page.keyboard.type('Fresh picks for the monsoon');
  const bold = page.locator('[data-block="rich_html"]').getByRole('button', { name: 'Bold' });
  await bold.click();
  // Bold is on and the words go on in the text (on a busy machine the press lands a moment after the click).
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await expect(text).toBeFocused();
  await page.keyboard.type(' every morning');

  // The rich text moves to the top with the keyboard alone: its handle, Space, up twice, Space.
  await page.getByRole('button', { name: 'Move block Rich text', exact: true }).focus();
  // Each step is said to screen readers (dnd-kit's live region), and waited for.
  const said = (words: string) => expect(page.locator('[id^="DndLiveRegion"]')).toContainText(words);
  await page.keyboard.press('Space');
  await said('Block “Rich text” is over place 3 of 3.');
  await page.keyboard.press('ArrowUp');
  await said('Block “Rich text” is over place 2 of 3.');
  await page.keyboard.press('ArrowUp');
  await said('Block “Rich text” is over place 1 of 3.');
  await page.keyboard.press('Space');
  await said('Block “Rich text” dropped at place 1 of 3.');
  await expect(blocks.first()).toHaveAttribute('data-block', 'rich_html');
  await expect(blocks.nth(1)).toHaveAttribute('data-block', 'hero');

  await expect(status).toHaveText(/^Saved \d{1,2}:\d{2} [AP]M$/, { timeout: 15_000 });
  const saved = await apiCall(page, 'GET', `/pages/${id}`);
  expect(saved.body.draft.components.map((c: { type: string }) => c.type)).toEqual(['rich_html', 'hero', 'product_carousel']);
  expect(saved.body.draft.components[0].data.html).toBe('<p>Fresh picks for the monsoon<strong> every morning</strong></p>');
  expect(saved.body.errors).toEqual({});

  // The preview at a phone's width shows the draft, drawn by the shop.
  await expect(page.locator('[data-preview-width="phone"]')).toBeChecked();
  await expect(page.locator('[data-preview]')).toHaveCSS('width', '360px');
  const preview = page.frameLocator('[data-preview]');
  await expect(preview.getByText('Fresh picks for the monsoon')).toBeVisible({ timeout: 15_000 });
  await expect(preview.getByText(chosenName).first()).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Monsoon offers: up to 30% off on staples' })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
  mkdirSync('test-results/page-builder', { recursive: true });
  await page.screenshot({ path: 'docs/images/page-builder-editor.png' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/page-builder/editor-1024.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Publish, through its confirm step; a signed-out shopper then sees the page.
  await page.locator('[data-publish]').click();
  await page.getByRole('dialog', { name: `Publish ${path}` }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.locator('[data-editor-report]')).toHaveText(`Published: ${path} is live.`);
  await expect(page.locator('[data-page-state="published"]')).toBeVisible();
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(path);
  await expect(shopperPage.getByText('Fresh picks for the monsoon')).toBeVisible();
  await expect(shopperPage.getByText(chosenName).first()).toBeVisible();

  // A second version with a new title; then the first is restored as the draft.
  await page.locator('[data-page-settings] summary').click();
  await page.locator('[data-page-settings]').getByRole('textbox', { name: 'Title', exact: true }).fill('Monsoon offers, week 2');
  await expect(status).toHaveText(/^Saved /, { timeout: 15_000 });
  await page.locator('[data-publish]').click();
  await page.getByRole('dialog', { name: `Publish changes to ${path}` }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.locator('[data-editor-report]')).toHaveText(`Published: ${path} is live.`);
  await page.locator('[data-versions-open]').click();
  await expect(page.locator('[data-versions] [data-version]')).toHaveCount(2);
  await expect(page.locator('[data-versions] [data-version="1"]')).toContainText('Meera Iyer');
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.locator('[data-editor-report]')).toHaveText('Version 1 is the draft now: publish it to make it live.');
  await expect(page.locator('[data-page-settings]').getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Monsoon offers');
  await expect(page.locator('[data-page-state="changed"]')).toBeVisible();
  // Shoppers still see version 2 until it is published.
  await shopperPage.reload();
  await expect(shopperPage).toHaveTitle(/Monsoon offers, week 2/);
  await shopper.close();
});
