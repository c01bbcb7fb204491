import { expect, test } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { oneInCartPanelOpen } from './support/islands';

/**
 * What a screen reader is told about each shopper control (role, name, state), read from the browser's
 * accessibility tree with Playwright's aria snapshots: the table in docs/accessibility.md#what-a-screen-reader-announces
 * is this spec in words, so the two cannot drift apart. Both projects: the phone's header names its buttons by
 * the words it shows there.
 */
test.describe.configure({ timeout: 90_000 });

const onPhone = () => test.info().project.name === 'phone';
const q = (text: string) => JSON.stringify(text);
/** A one-line snapshot whose name holds a colon, quoted whole as YAML wants it. */
const line = (role: string, name: string) => `- '${role} ${q(name).replace(/'/g, "''")}'`;

test('the listing: a card, Add to Cart and the stepper, the cart and pincode buttons, the active filters, search and its suggestions', async ({ page }) => {
  await page.goto('/products?c=staples');
  const card = page.locator('[data-product-grid] article').first();
  const name = await card.locator('h3').innerText();
  await expect(card).toMatchAriaSnapshot(`
    - article:
      - link ${q(name)}:
        - heading ${q(name)} [level=3]
      - button "Add to Cart"
  `);
  await expect(page.locator('[data-pincode-button]').filter({ visible: true })).toMatchAriaSnapshot(`- button ${q(onPhone() ? 'Select delivery Pincode' : 'Deliver to Select pincode')}`);
  await expect(page.locator('[data-cart-button]').filter({ visible: true })).toMatchAriaSnapshot('- button "Cart"');
  await expect(page.getByRole('list', { name: 'Active filters' })).toMatchAriaSnapshot(`
    - list "Active filters":
      - listitem:
        - link "Remove filter Staples"
      - listitem:
        - link "Reset All"
  `);

  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByRole('group', { name: `Quantity of ${name}` })).toMatchAriaSnapshot(`
    - group ${q(`Quantity of ${name}`)}:
      - button ${q(`Remove one ${name}`)}
      - status: "1"
      - button ${q(`Add one more ${name}`)}
  `);
  await expect(page.locator('[data-cart-button]').filter({ visible: true })).toMatchAriaSnapshot('- button "Cart, 1 item"');

  const search = page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });
  await search.click();
  await search.pressSequentially('dal', { delay: 60 });
  await expect(page.getByRole('search').filter({ visible: true })).toMatchAriaSnapshot(`
    - search:
      - combobox "Search products" [expanded]: dal
      - button "Search"
      - listbox "Suggestions":
        - group "Products":
          - option /Dal$/
        - group "Categories":
          - option "Dals & Pulses"
      - status: /^\\d+ suggestions$/
  `);
});

test("the cart panel, the pincode dialog and the toasts' live region", async ({ page }) => {
  const { product, panel } = await oneInCartPanelOpen(page);
  await expect(panel).toMatchAriaSnapshot(`
    - dialog "Cart Summary":
      - heading "Cart Summary" [level=2]
      - button "Close cart"
      - list "Items in your cart":
        - listitem:
          - link ${q(product.product_name)}
          - group /^Quantity of ${product.product_name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, /:
            - button ${q(`Remove one ${product.product_name}`)}
            - status: "1"
            - button ${q(`Add one more ${product.product_name}`)}
          - button ${q(`Remove ${product.product_name} from the cart`)}
      - textbox "Coupon code"
      - button "Apply"
      - button "Continue to Checkout" [disabled]
  `);
  await expect(page.locator('[data-toast-live]')).toMatchAriaSnapshot('- status');
  await page.route('**/s/api/cart/add', (route) => route.fulfill({ status: 400, json: { message: 'You can add at most 1 of this item' } }));
  await panel.getByRole('button', { name: `Add one more ${product.product_name}` }).click();
  await expect(page.locator('[data-toast-live]')).toMatchAriaSnapshot(`
    - status:
      - paragraph: You can add at most 1 of this item
  `);
  await page.keyboard.press('Escape');
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  await expect(page.getByRole('dialog', { name: 'Change Location' })).toMatchAriaSnapshot(`
    - dialog "Change Location":
      - heading "Change Location" [level=2]
      - button "Close"
      - textbox "Pincode"
      - alert
      - button "Check"
  `);
});

test('the wishlist heart and its dialog', async ({ page }) => {
  await registerWithApi(page, String(9000012900 + (onPhone() ? 1 : 0)), 'Nisha Gupta');
  await page.goto('/products');
  const card = page.locator('[data-product-grid] article').first();
  const name = await card.locator('h3').innerText();
  const heart = card.locator('form[data-wishlist-toggle]');
  await expect(heart).toMatchAriaSnapshot(line('button', `Add to wishlist: ${name}`));
  // Aria snapshots leave out aria-haspopup: the heart says it opens a dialog.
  await expect(heart.getByRole('button')).toHaveAttribute('aria-haspopup', 'dialog');
  await heart.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await expect(dialog).toMatchAriaSnapshot(`
    - dialog "Add Products In Wishlist":
      - heading "Add Products In Wishlist" [level=2]
      - button "Close"
      - list:
        - listitem:
          - button "Add to Default"
      - button "Create Another Wishlist"
      - status
  `);
  await dialog.getByRole('button', { name: 'Add to Default' }).click();
  await expect(dialog.getByRole('list')).toMatchAriaSnapshot(`
    - list:
      - listitem:
        - button "Remove from Default"
  `);
  await expect(heart).toMatchAriaSnapshot(line('button', `In your wishlist: ${name}`));
});
