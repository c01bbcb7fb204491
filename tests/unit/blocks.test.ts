import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { BLOCKS, heroSettings, pageProblems } from '../../src/contract/blocks';
import { scriptJson } from '../../src/lib/json';

const page = (components: unknown[]) => ({ url: '/offers', title: 'Offers', components });

describe('block schemas', () => {
  it('accept each block type with good data', () => {
    const good: Record<keyof typeof BLOCKS, unknown> = {
      hero: { slides: [{ image: '/a.png', image_sm: '/a-sm.png', link: '/offers' }] },
      product_carousel: { category: 'staples' },
      product_grid: { products: ['kaveri-mills-whole-wheat-atta'] },
      category_carousel: { title: 'Shop' },
      brand_carousel: {},
      supplier_carousel: { border: true },
      image_banner: { image: '/b.png', link: 'https://example.com' },
      rich_html: { html: '<p>Hi</p>' },
      dynamic_form: { formtype: 'contact', fields: [{ name: 'name', label: 'Name', required: true }] },
    };
    for (const [type, data] of Object.entries(good)) expect(BLOCKS[type as keyof typeof BLOCKS].safeParse(data).success, type).toBe(true);
  });

  it('report every problem of a page with its path', () => {
    expect(pageProblems(page([{ name: 'Hero', type: 'hero', data: { slides: [] } }]))).toEqual(['components.0.data.slides: Too small: expected array to have >=1 items']);
    expect(pageProblems(page([{ name: 'X', type: 'marquee', data: {} }]))[0]).toMatch(/^components\.0\.type:/);
    expect(pageProblems(page([{ name: 'Hero', type: 'hero', data: { slides: [{ image: '/a.png' }] }, settings: '{not json' }]))).toEqual(['components.0.settings: settings must be valid JSON']);
    expect(pageProblems({ url: 'offers', title: '', components: [] })).toHaveLength(2);
    expect(pageProblems(page([{ name: 'Grid', type: 'product_grid', data: { category: 'a', brand: 'b' } }]))).toEqual(['components.0.data: Choose one of category, brand or products']);
    expect(pageProblems(page([{ name: 'F', type: 'dynamic_form', data: { formtype: 'contact', fields: [{ name: 'Bad Name', label: 'X' }] } }]))[0]).toMatch(/^components\.0\.data\.fields\.0\.name:/);
  });

  it('fill hero settings defaults from a JSON string', () => {
    expect(heroSettings('{"autoplayInterval":3000}')).toMatchObject({ success: true, data: { autoplayInterval: 3000, fullpage: false } });
    expect(heroSettings('')).toMatchObject({ success: true, data: { autoplayInterval: 2000 } });
  });
});

describe('the JSON-LD guard', () => {
  it('renders a hostile schema_script inert', () => {
    const hostile = { name: '</script><script>alert(1)</script>' };
    const out = scriptJson(hostile);
    expect(out).not.toMatch(/<\/script|<script/i);
    expect(JSON.parse(out)).toEqual(hostile);
  });
});

describe('npm run pages', () => {
  const run = (args: string[]) => {
    try {
      return { code: 0, out: execFileSync(resolve('node_modules/.bin/tsx'), ['scripts/pages.ts', ...args], { encoding: 'utf8', stdio: 'pipe' }) };
    } catch (error) {
      const e = error as { status: number; stderr: string };
      return { code: e.status, out: e.stderr };
    }
  };
  it('refuses bad JSON and bad blocks with each problem named, and accepts good pages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pages-'));
    try {
      writeFileSync(join(dir, 'broken.json'), '{ "url": ');
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(page([{ name: 'Hero', type: 'hero', data: { slides: [] } }])));
      const bad = run(['check', dir]);
      expect(bad.code).toBe(1);
      expect(bad.out).toContain('broken.json: not valid JSON');
      expect(bad.out).toContain('bad.json: components.0.data.slides:');
      expect(bad.out).toContain('2 problem(s); nothing was published.');
      expect(run(['check', 'examples/pages'])).toMatchObject({ code: 0 });
      // Publishing: into a fresh database that holds the demo shop.
      const url = `file:${join(dir, 'shop.sqlite')}`;
      execFileSync(resolve('node_modules/.bin/tsx'), ['scripts/seed.ts'], { env: { ...process.env, DATABASE_URL: url }, stdio: 'pipe' });
      const published = execFileSync(resolve('node_modules/.bin/tsx'), ['scripts/pages.ts', 'publish', 'examples/pages', '--host', 'localhost'], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
      expect(published).toContain('published examples/pages/festive.json on Annapurna Fresh');
      const db = new DatabaseSync(join(dir, 'shop.sqlite'));
      expect(db.prepare("select title from pages where url = '/diwali' and website_id = 1").get()).toEqual({ title: 'Diwali specials' });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000); // several tsx processes and a seed: seconds each on a busy two-core machine
});
