import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { englishWordsOn } from './support/english-words';
import { postToApi, signInThroughApi } from './support/accounts';

/**
 * Every shopper page in Hindi, as a shopper meets it at phone size: no word of the shop's English catalogue
 * outside data, and no axe violation. Data in English on a Hindi page (a menu's label, the footer's words, a name
 * with no Hindi given) carries lang="en" (lib/i18n/data-lang.ts); names and addresses translate="no". A page left
 * in English, or a key whose Hindi was forgotten, fails here with the words it showed. The signed-in pages are
 * checked by their own specs (languages-account, languages-checkout) against their domains' words.
 */
async function hindiThroughout(page: Page, what: string) {
  await expect(page.locator('html'), what).toHaveAttribute('lang', 'hi-IN');
  expect.soft(await englishWordsOn(page), `English words on ${what}`).toEqual([]);
  expect.soft(await axeViolations(page), `axe on ${what}`).toEqual([]);
}

test.describe('the shop in Hindi, page by page @phone', () => {
  test('a visitor’s pages: home, listing, product, the pincode dialog, the cart panel, sign-in, 404', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A category the shop named in English only (no Hindi name), under another: data, shown as written, marked English.
    const staff = await browser.newContext();
    const meera = await staff.newPage();
    await signInThroughApi(meera, '9876500003');
    const tag = `${Date.now().toString(36).slice(-5)}${test.info().project.name[0]}`;
    const pantry = await postToApi(meera, '/bos/categories', { name: `Pantry ${tag}` });
    expect(pantry.ok(), await pantry.text()).toBe(true);
    const shelf = await postToApi(meera, '/bos/categories', { name: `Shelf ${tag}`, parent_id: (await pantry.json()).id });
    expect(shelf.ok(), await shelf.text()).toBe(true);
    await staff.close();

    await page.goto('/hi');
    await hindiThroughout(page, 'home');
    await page.goto('/hi/products');
    await hindiThroughout(page, 'the listing');
    const slug = await page.locator('[data-product-grid] article a[href^="/hi/products/"]').first().getAttribute('href');
    await page.goto(slug!);
    await hindiThroughout(page, 'a product page');

    await page.goto('/hi/products');
    await page.locator('[data-pincode-button]').filter({ visible: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await hindiThroughout(page, 'the pincode dialog');
    await page.keyboard.press('Escape');

    await page.locator('[data-add-to-cart] button.cart-add').first().click();
    await expect(page.locator('[data-add-to-cart] output').first()).toHaveText('1');
    await page.locator('[data-cart-button]').filter({ visible: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await hindiThroughout(page, 'the cart panel');

    for (const path of ['/hi/auth/login', '/hi/auth/register', '/hi/no-such-page']) {
      await page.goto(path);
      await hindiThroughout(page, path);
    }
  });
});
