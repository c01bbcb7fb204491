import type { Page } from '@playwright/test';

/**
 * Positive signals that a moment has passed, for tests that prove something does NOT happen (no second post, no
 * prefetch, no refetch), in place of a fixed wait (docs/testing.md).
 */

let trips = 0;

/**
 * The page sends a request of its own and the test waits for its answer. Every request the page started before
 * has then been reported (`page.on('request')` reports them in order); it goes at low priority, so it also queues
 * behind any low-priority fetch the page started before.
 */
export async function roundTrip(page: Page): Promise<void> {
  const path = `/healthz?round-trip=${++trips}`;
  const answered = page.waitForResponse((response) => response.url().endsWith(path));
  await page.evaluate((url) => void fetch(url, { cache: 'no-store', priority: 'low' } as RequestInit), path);
  await answered;
}

/**
 * Waits for the page's next idle period (the idle callbacks it queued before, such as the islands' prefetch,
 * have run then), then for a round trip: anything those callbacks sent has been reported.
 */
export async function idleThenRoundTrip(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await roundTrip(page);
}

/**
 * Counts the runs of the page's setInterval callbacks, by delay (the carousels' autoplay ticks); call before
 * `goto`. Answers a reader of the count for one delay.
 */
export async function intervalTicks(page: Page): Promise<(delay: number) => Promise<number>> {
  await page.addInitScript(() => {
    const ticks: Record<number, number> = {};
    (window as unknown as { intervalTicks: Record<number, number> }).intervalTicks = ticks;
    const setInterval = window.setInterval.bind(window);
    const counted = (run: (...args: unknown[]) => void, delay: number) => (...args: unknown[]) => {
      run(...args);
      ticks[delay] = (ticks[delay] ?? 0) + 1;
    };
    window.setInterval = ((run: TimerHandler, delay = 0, ...args: unknown[]) =>
      typeof run === 'string' ? setInterval(run, delay, ...args) : setInterval(counted(run as (...args: unknown[]) => void, delay), delay, ...args)) as typeof window.setInterval;
  });
  return (delay) => page.evaluate((d) => (window as unknown as { intervalTicks: Record<number, number> }).intervalTicks[d] ?? 0, delay);
}
