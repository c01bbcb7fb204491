import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';

/** The seeded administrator, Meera Iyer: catalogue:manage (and the media library). */
const ADMIN = '9876500003';

/** A picture of the page (the whole page, or the window for a long one) at the viewport's width, checked first for sideways scrolling. */
async function screenshot(page: Page, name: string, fullPage = true) {
  mkdirSync('test-results/bos-catalogue', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/bos-catalogue/${name}-${page.viewportSize()!.width}.png`, fullPage, scale: 'css' });
}

/** The row of the category named `name` in the tree. */
const categoryRow = (page: Page, name: string) => page.locator(`[data-category-tree] li[data-category="${name}"]`);

test.describe('the back office’s catalogue @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 240_000 });

  test('Meera adds two categories and moves one under the other by drag and by keyboard, renames a brand and adds a synonym group', async ({ page }) => {
    const tag = Date.now().toString(36).slice(-5);
    const pantry = `Pantry ${tag}`;
    const shelf = `Shelf ${tag}`;
    await signInThroughApi(page, ADMIN);
    await page.goto('/bos/admin/catalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');

    // Two new categories at the top level, through the form; a slug already taken is refused by field.
    const add = page.getByRole('button', { name: '+ Add category' });
    await expect(add).toBeEnabled(); // hydrated
    for (const name of [pantry, shelf]) {
      await add.click();
      const form = page.getByRole('form', { name: 'Add category' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      if (name === shelf) {
        await form.getByLabel('Slug').fill('staples');
        await form.getByRole('button', { name: 'Add category' }).click();
        await expect(form.getByText('Another category already has the slug staples')).toBeVisible();
        await form.getByLabel('Slug').fill('');
      }
      await form.getByRole('button', { name: 'Add category' }).click();
      await expect(form).toBeHidden();
      await expect(page.locator('[data-catalogue-report]')).toHaveText(`${name} added at the top level.`);
    }
    await expect(categoryRow(page, shelf)).toHaveAttribute('data-depth', '1');

    // Dragged by its handle a level to the right, over itself: under the one above (the new Pantry).
    const handle = categoryRow(page, shelf).locator('[data-control="handle"]');
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width / 2 + step * 6, box.y + box.height / 2 + (step % 2));
    await page.mouse.up();
    await expect(page.locator('[data-catalogue-report]')).toHaveText(`Moved: ${shelf} is under ${pantry}, 1 of 1.`);
    await expect(categoryRow(page, shelf)).toHaveAttribute('data-depth', '2');

    // By keyboard: Alt+← takes it out a level, the "in" button puts it back; the focus stays on the row.
    const top = (await page.locator('[data-category-tree] li[data-depth="1"]').count()) + 1;
    await categoryRow(page, shelf).getByRole('button', { name: `Edit ${shelf}` }).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(page.locator('[data-catalogue-report]')).toHaveText(`Moved: ${shelf} is at the top level, ${top} of ${top}.`);
    await expect(categoryRow(page, shelf)).toHaveAttribute('data-depth', '1');
    await expect(categoryRow(page, shelf).getByRole('button', { name: `Edit ${shelf}` })).toBeFocused();
    await categoryRow(page, shelf).getByRole('button', { name: `Move ${shelf} in, under the one above` }).click();
    await expect(categoryRow(page, shelf)).toHaveAttribute('data-depth', '2');
    await expect(page.locator('[data-catalogue-report]')).toHaveText(`Moved: ${shelf} is under ${pantry}, 1 of 1.`);
    // The shop shows it at once: the new category in the navigation under its parent.
    const init = await (await page.request.get('/s/api/init')).json();
    expect(init.categories.find((c: { name: string }) => c.name === pantry).children.map((c: { name: string }) => c.name)).toEqual([shelf]);

    // Removing the parent asks where its subcategory goes.
    await categoryRow(page, pantry).getByRole('button', { name: `Remove ${pantry}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${pantry}?` });
    await expect(confirm).toContainText(`${pantry} holds 1 subcategory. Choose where it goes, then remove it.`);
    await expect(confirm.getByLabel('Move them to')).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => scrollTo(0, 0));
    await screenshot(page, 'categories', false);
    await page.setViewportSize({ width: 768, height: 900 });
    await screenshot(page, 'categories', false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Brands: a new one, found by typing (the address follows), renamed through its form.
    await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Brands' }).click();
    await expect(page).toHaveURL(/\/bos\/admin\/catalogue\/brands$/);
    const addBrand = page.getByRole('button', { name: '+ Add brand' });
    await expect(addBrand).toBeEnabled();
    await addBrand.click();
    const brandForm = page.getByRole('form', { name: 'Add brand' });
    await brandForm.getByRole('textbox', { name: 'Name', exact: true }).fill(`Tinker ${tag}`);
    await brandForm.getByRole('button', { name: 'Add brand' }).click();
    await expect(brandForm).toBeHidden();
    await expect(page.locator('[data-catalogue-report]')).toHaveText(`Tinker ${tag} added.`);
    await page.getByLabel('Search brands').fill(`tinker ${tag}`);
    await expect(page).toHaveURL(new RegExp(`\\?q=tinker\\+${tag}$`));
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: `Edit Tinker ${tag}` }).click();
    const edit = page.getByRole('form', { name: `Edit Tinker ${tag}` });
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(`Tailor ${tag}`);
    // Leaving with a change asks first; keep editing, then save.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Keep editing' }).click();
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Tailor ${tag}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.locator('[data-catalogue-report]')).toHaveText(`Tailor ${tag} saved.`);
    await page.getByLabel('Search brands').fill(`tailor ${tag}`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr').first()).toContainText(`tinker-${tag}`);
    await page.getByLabel('Search brands').fill('');
    await expect(page).toHaveURL(/\/bos\/admin\/catalogue\/brands$/);
    await screenshot(page, 'brands');
    await page.setViewportSize({ width: 768, height: 900 });
    await screenshot(page, 'brands');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Search synonyms: a new group, refused first for a term another group has; live in the shop's search at once.
    await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Search synonyms' }).click();
    const addGroup = page.getByRole('button', { name: '+ Add synonym group' });
    await expect(addGroup).toBeEnabled();
    await addGroup.click();
    const groupForm = page.getByRole('form', { name: 'Add synonym group' });
    await groupForm.getByLabel('Terms').fill(`kolam, chini, kolamrice${tag}`);
    await groupForm.getByRole('button', { name: 'Add synonym group' }).click();
    await expect(groupForm.getByText('“chini” is already in the group of “sugar”')).toBeVisible();
    await groupForm.getByLabel('Terms').fill(`kolam, kolamrice${tag}`);
    await groupForm.getByRole('button', { name: 'Add synonym group' }).click();
    await expect(groupForm).toBeHidden();
    await expect(page.locator('[data-catalogue-report]')).toHaveText(`The group “kolam, kolamrice${tag}” added.`);
    const found = await (await page.request.get(`/s/api/products?q=kolamrice${tag}`)).json();
    expect(found.meta.total).toBeGreaterThan(0);
    await page.getByLabel('Search synonym groups').fill('kolam');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByLabel('Search synonym groups').fill('');
    await expect(page.locator('tbody tr')).toHaveCount(20);
    await screenshot(page, 'synonyms');
    await page.setViewportSize({ width: 768, height: 900 });
    await screenshot(page, 'synonyms');
  });
});
