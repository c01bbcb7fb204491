import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What the islands' API client costs a page: bundled for the browser as Vite would, it must not carry zod or
 * the contract's schemas (about 29 KB gzipped of the 85 KB a page may ship at full interactivity).
 */
describe('the islands bundle', () => {
  it('holds no zod and no schema module of the contract', async () => {
    const result = await build({
      entryPoints: ['src/lib/api/browser.ts', 'src/features/cart/actions.ts', 'src/features/cart/use-stepper.ts'],
      bundle: true,
      write: false,
      metafile: true,
      outdir: 'out',
      format: 'esm',
      platform: 'browser',
      external: ['react', 'react-dom', 'nanostores', '@nanostores/react'],
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/lib/api/client.ts');
    expect(inputs.filter((file) => file.includes('node_modules/zod/'))).toEqual([]);
    expect(inputs.filter((file) => file.startsWith('src/contract/'))).toEqual(['src/contract/constants.ts']);
  });

  it("the header's search box (on every page) holds no zod and no schema module either", async () => {
    const result = await build({
      entryPoints: ['src/features/search/SearchBox.tsx'],
      bundle: true,
      write: false,
      metafile: true,
      outdir: 'out',
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/features/search/suggest.ts');
    expect(inputs.filter((file) => file.includes('node_modules/zod/'))).toEqual([]);
    expect(inputs.filter((file) => file.startsWith('src/contract/')).sort()).toEqual(['src/contract/suggest-limits.ts']);
    // Its words: the search domain's English only (a Hindi page's words are read from the page), no other catalogue.
    expect(inputs.filter((file) => file.startsWith('src/lib/i18n/')).sort()).toEqual(['src/lib/i18n/messages/en/search.ts', 'src/lib/i18n/page-words.ts', 'src/lib/i18n/words.ts']);
  });
});
