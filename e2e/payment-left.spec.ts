import { expect, test } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { ordersOf, payOnProviderPage, placeOrdersThroughApi } from './support/checkout';
import { awake } from './support/islands';

/**
 * A shopper who leaves the provider's page without paying (its Cancel) is offered what a failed payment offers:
 * pay now the same way, another way (cash on delivery where the shop allows it), or cancel the order.
 */
const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

test('after leaving the payment page: the order is paid another way (cash on delivery) or cancelled @desktop', async ({ page }) => {
  test.setTimeout(90_000);
  await registerWithApi(page, phone(9000023100), 'Asha Verma');
  const [other, cancelled] = await placeOrdersThroughApi(page, 2, 'razorpay');

  await payOnProviderPage(page, other!, 'razorpay', 'Cancel');
  await expect(page.getByText('You left the payment page before paying.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/checkout/razorpay/${other}`);
  await awake(page, '[data-payment-result]');
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
  const paid = (await ordersOf(page)).data.find((o) => o.status === 'placed');
  expect(paid).toMatchObject({ payment_method: 'cod' });

  await payOnProviderPage(page, cancelled!, 'razorpay', 'Cancel');
  await awake(page, '[data-payment-result]');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel order AF-\d{6}\?$/ });
  await expect(dialog).toContainText('you are not charged');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${cancelled}$`));
  await expect(page.locator('[data-status]').first()).toHaveText('Cancelled');
  await expect(page.locator('[data-payment]')).toHaveText('Not charged');
});
