import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run pages`, run as a shell would run it, against a fresh SQLite database that holds the demo shop. */
describe('npm run pages', () => {
  let dir = '';
  let databaseUrl = '';
  const tsx = resolve('node_modules/.bin/tsx');
  const run = (args: string[]) => {
    try {
      const out = execFileSync(tsx, ['scripts/pages.ts', ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8', stdio: 'pipe' });
      return { code: 0, out, err: '' };
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      return { code: e.status, out: e.stdout, err: e.stderr };
    }
  };
  const file = (name: string, page: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof page === 'string' ? page : JSON.stringify(page));
    return path;
  };
  const home = () => {
    const db = new DatabaseSync(join(dir, 'shop.sqlite'));
    try {
      return db.prepare("select p.title, count(c.id) as blocks from pages p left join page_components c on c.page_id = p.id where p.url = '/' and p.website_id = 1 group by p.id").get();
    } finally {
      db.close();
    }
  };
  const plainHome = { url: '/', title: 'Plain home', components: [{ name: 'Hello', type: 'rich_html', data: { html: '<p>Hello</p>' } }] };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pages-'));
    databaseUrl = `file:${join(dir, 'shop.sqlite')}`;
    execFileSync(tsx, ['scripts/seed.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'pipe' });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Several tsx processes each: seconds apiece on a busy two-core machine.
  it('refuses bad JSON and bad blocks with each problem named, and accepts good pages', () => {
    const pages = mkdtempSync(join(dir, 'bad-'));
    writeFileSync(join(pages, 'broken.json'), '{ "url": ');
    writeFileSync(join(pages, 'bad.json'), JSON.stringify({ url: '/offers', title: 'Offers', components: [{ name: 'Hero', type: 'hero', data: { slides: [] } }] }));
    const bad = run(['check', pages]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('broken.json: not valid JSON');
    expect(bad.err).toContain('bad.json: components.0.data.slides:');
    expect(bad.err).toContain('2 problem(s) on Annapurna Fresh; nothing was published.');
    expect(run(['check', 'examples/pages'])).toMatchObject({ code: 0, out: '1 page(s) are valid for Annapurna Fresh.\n' });
    const published = run(['publish', 'examples/pages', '--host', 'localhost']);
    expect(published).toMatchObject({ code: 0, out: 'published examples/pages/festive.json on Annapurna Fresh\n' });
    const db = new DatabaseSync(join(dir, 'shop.sqlite'));
    expect(db.prepare("select title from pages where url = '/diwali' and website_id = 1").get()).toEqual({ title: 'Diwali specials' });
    db.close();
  }, 90_000);

  it('refuses a host no website has, in every command, and publishes nothing', () => {
    const before = home();
    const page = file('home.json', plainHome);
    for (const command of [['publish', page], ['check', page], ['publish', page, '--yes']]) {
      const answer = run([...command, '--host', 'nosuch.example']);
      expect(answer.code, command.join(' ')).toBe(1);
      expect(answer.err, command.join(' ')).toContain('No website has the host nosuch.example. Hosts: localhost (Annapurna Fresh); shop2.localhost (Kirana Bazaar).');
      expect(answer.out, command.join(' ')).not.toContain('published');
    }
    expect(home()).toEqual(before);
  }, 90_000);

  it('names a page that would replace a live one and replaces it only with --yes', () => {
    const before = home();
    const page = file('home.json', plainHome);
    const asked = run(['publish', page]);
    expect(asked.code).toBe(1);
    expect(asked.out).toBe(`${page} replaces the live page / on Annapurna Fresh\n`);
    expect(asked.err).toContain('Nothing was published: 1 page(s) would replace live pages on Annapurna Fresh. Run again with --yes to replace them.');
    expect(home()).toEqual(before);
    const replaced = run(['publish', page, '--yes']);
    expect(replaced.code).toBe(0);
    expect(replaced.out).toContain(`published ${page} on Annapurna Fresh (replaced the live page /)`);
    expect(home()).toEqual({ title: 'Plain home', blocks: 1 });
  }, 90_000);

  it('checks every category, brand, product, supplier and form a page names against the website', () => {
    const page = file('refs.json', {
      url: '/nuts',
      title: 'Nuts',
      components: [
        { name: 'Nuts', type: 'product_carousel', data: { category: 'no-such-category' } },
        { name: 'Picks', type: 'product_grid', data: { products: ['kaveri-mills-whole-wheat-atta', 'no-such-product'] } },
        { name: 'Brand', type: 'product_grid', data: { brand: 'no-such-brand' } },
        { name: 'Aisles', type: 'category_carousel', data: { categories: ['staples', 'nowhere'] } },
        { name: 'Makers', type: 'supplier_carousel', data: { suppliers: ['no-such-supplier'] } },
        { name: 'Form', type: 'dynamic_form', data: { formtype: 'contact', fields: [{ name: 'name', label: 'Name' }] } },
      ],
    });
    const answer = run(['check', page]);
    expect(answer.code).toBe(1);
    expect(answer.err.trim().split('\n')).toEqual([
      `${page}: components.0.data.category: No category "no-such-category" on this website`,
      `${page}: components.1.data.products.1: No product "no-such-product" on this website`,
      `${page}: components.2.data.brand: No brand "no-such-brand" on this website`,
      `${page}: components.3.data.categories.1: No category "nowhere" on this website`,
      `${page}: components.4.data.suppliers.0: No supplier "no-such-supplier" on this website`,
      `${page}: components.5.data.formtype: The form "contact" is already on the page /contact: give this form its own formtype`,
      '6 problem(s) on Annapurna Fresh; nothing was published.',
    ]);
    expect(run(['publish', page]).code).toBe(1);
  }, 90_000);
});
