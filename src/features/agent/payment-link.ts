/**
 * A placed order's payment link, and sharing it with the customer: the agent's page after ordering for a customer
 * and an agent's order page.
 */
import type { AgentOrderPlaced } from '../../contract/agent';
import { formatRupees } from '../../lib/money';
import { safeUrl } from '../../contract/safe-url';
import type { CustomerRef } from './order-for-customer';

/** The customer's 10-digit mobile number, from however it is stored (+91, spaces), or null. */
export function indianMobile(phone: string): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** The payment link of a placed order as a safe http(s) address, or null. */
export const paymentLinkOf = (placed: Pick<AgentOrderPlaced, 'payment_link'>): string | null => safeUrl(placed.payment_link, 'web');

/** The message the agent sends with a payment link. */
function paymentMessage(customerName: string, placed: Pick<AgentOrderPlaced, 'ordernumber' | 'total'>, link: string): string {
  return `Hello ${customerName}, your order ${placed.ordernumber} for ${formatRupees(placed.total)} is ready. Please pay here: ${link}`;
}

/** 'Share on WhatsApp': a wa.me chat with the customer's number and the message, or null without a valid number or link. */
export function whatsappShareUrl(customer: Pick<CustomerRef, 'name' | 'phone'>, placed: Pick<AgentOrderPlaced, 'ordernumber' | 'total' | 'payment_link'>): string | null {
  const mobile = indianMobile(customer.phone);
  const link = paymentLinkOf(placed);
  if (!mobile || !link) return null;
  return safeUrl(`https://wa.me/91${mobile}?text=${encodeURIComponent(paymentMessage(customer.name, placed, link))}`, 'web');
}
