/** Paths the storefront answers with a crawler file: served bare, without the shell's init call. */
export const isCrawlerFile = (path: string) => path === '/robots.txt' || path === '/sitemap.xml' || path === '/favicon.ico' || /^\/sitemap-[^/]*\.xml$/.test(path);
