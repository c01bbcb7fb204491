/**
 * Registers the till's offline copy of its page (public/pos-sw.js, docs/pos-client.md#the-offline-copy-of-the-page):
 * a service worker scoped to /pos, so a reload without the network still opens the till. Called by the POS island
 * only, so no shopper page ever registers it; skipped where the browser has no service workers (or an insecure
 * origin hides them). A failed registration changes nothing: the till works as before, online.
 */
export function registerOffline(nav: Partial<Pick<Navigator, 'serviceWorker'>> = navigator): void {
  if (!nav.serviceWorker) return;
  nav.serviceWorker.register('/pos-sw.js', { scope: '/pos' }).catch(() => undefined);
}
