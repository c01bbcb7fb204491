import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every axe-core violation on the page as it stands, of any rule and any impact (none is turned off or left
 * out: minor and moderate ones fail as serious ones do), each with its help text and its first few elements,
 * so that a failing `expect(await axeViolations(page)).toEqual([])` says what to fix and where.
 */
export async function axeViolations(page: Page) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/**
 * Waits (at most 5 s each) for what the page is loading (`aria-busy="true"`: a list dimmed while it loads) and
 * then for its finite animations and transitions to end: a list or dialog caught half faded has the colours of no
 * state it rests in, and axe would judge its contrast mid-fade (seen on a loaded machine). Endless animations (a
 * spinner) are left alone.
 */
async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 5000 }).catch(() => undefined);
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 5000))]);
  });
}
