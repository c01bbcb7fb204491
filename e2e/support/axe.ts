import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every axe-core violation on the page as it stands, of any rule and any impact (none is turned off or left
 * out: minor and moderate ones fail as serious ones do), each with its help text and its first few elements,
 * so that a failing `expect(await axeViolations(page)).toEqual([])` says what to fix and where.
 */
export async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}
