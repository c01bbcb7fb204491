import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagePathProblem, RESERVED_PAGE_PATHS } from './page-builder';

/** The first path segment each entry of src/pages/ answers (robots.txt.ts → robots, sitemap-[n].xml.ts → sitemap). */
const routeSegments = () =>
  readdirSync(resolve(import.meta.dirname, '../pages'))
    .filter((name) => name !== 'index.astro' && !name.startsWith('['))
    .map((name) => name.replace(/\.(astro|ts)$/, '').replace(/(\.|-\[).*$/, ''));

describe('page paths', () => {
  it("reserves every route of the shop's own pages", () => {
    const segments = routeSegments();
    expect(segments).toEqual(expect.arrayContaining(['products', 'account', 'bos', 'page-builder', 'sitemap', 'robots', 'favicon', 'healthz', 's']));
    for (const segment of segments) expect(RESERVED_PAGE_PATHS, segment).toContain(`/${segment}`);
  });

  it('says why a path cannot be a page: its format or a route of the shop', () => {
    expect(pagePathProblem('/summer-sale')).toBeNull();
    expect(pagePathProblem('/')).toBeNull();
    for (const url of ['summer', '/Summer', '/summer sale', '/a/b', '/-x', '/x-', '', '/x--y']) expect(pagePathProblem(url), url).toMatch(/^Path must be/);
    for (const url of ['/products', '/cart', '/page-builder', '/media', '/pos']) expect(pagePathProblem(url), url).toBe(`${url} is one of the shop's own pages: choose another path`);
  });
});
