// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import sentry from '@sentry/astro';
import hydration from './src/lib/hydrate/integration.mjs';
import imageSizes from './src/lib/image-sizes.mjs';

// Error reporting is on only when a DSN is configured at build time; without it no Sentry code ships.
const errorReporting = process.env.PUBLIC_SENTRY_DSN ? [sentry({ sourceMapsUploadOptions: { enabled: false } })] : [];

/**
 * The browser's chunks, grouped so a first tap downloads few files: the React runtime (with nanostores) is one
 * file instead of six, and the cart's islands and hooks one file instead of five (with the cart's English words; the
 * islands' translator, lib/i18n/words.ts, goes with the API client that every island that speaks already loads). Each file is its own gzip
 * stream and request; merged, the first tap on a cheap phone costs about 3 KB less.
 *
 * On the server the shop's layout (Store.astro) and everything it imports are one chunk: the stylesheet follows the
 * server's chunks, and the fonts and global.css that the back office's layout imports too would otherwise be a
 * chunk of their own, and every shopper page would link two stylesheets instead of one
 * (tests/http/page-weight.test.ts). The back office then links the shop's one stylesheet.
 * @returns {import('vite').Plugin}
 */
function islandChunks() {
  return {
    name: 'storefront:island-chunks',
    configEnvironment(name) {
      if (name === 'ssr') {
        return { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'Store', test: /src[\\/]layouts[\\/]Store\.astro/ }] } } } } };
      }
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: [
                  // Derived stores (nanostores' computed and its lifecycle), which only the till's islands use: apart,
                  // or the React chunk every shopper's first tap loads would carry them (0.45 KB gzipped).
                  { name: 'derived-stores', test: /node_modules[\\/]nanostores[\\/](computed|lifecycle|warn)[\\/]/, includeDependenciesRecursively: false },
                  // Key-value stores (the wishlist's, checkout's): not used before a shopper's first tap, so not in
                  // the React chunk every first tap loads.
                  { name: 'map-stores', test: /node_modules[\\/]nanostores[\\/]map[\\/]/, includeDependenciesRecursively: false },
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|nanostores|@nanostores[\\/]react)[\\/]/ },
                  { name: 'api', test: /src[\\/](lib[\\/](api[\\/](browser|client)|errors|money|i18n[\\/](words|page-words))|contract[\\/](constants|plural))\./, includeDependenciesRecursively: false },
                  { name: 'cart', test: /src[\\/](features[\\/]cart[\\/](?!failure-toast)|lib[\\/]i18n[\\/]messages[\\/]en[\\/]cart\.)/, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      };
    },
  };
}

/**
 * The page builder's libraries (dnd-kit, Tiptap's React view) import React and ReactDOM by their default export.
 * React is CommonJS: one default import makes the bundler wrap React in an interop helper for every island that
 * imports it, the shopper's too (about 70 bytes more on each page's first tap). Here their default imports become
 * named ones (`React.createElement` → `createElement`), as every other island imports React.
 * @returns {import('vite').Plugin}
 */
function namedReactImports() {
  const LIBRARIES = /node_modules[\\/](@dnd-kit[\\/][^\\/]+|@tiptap[\\/]react)[\\/]dist[\\/][^\\/]+\.m?js$/;
  return {
    name: 'storefront:named-react-imports',
    transform(code, id) {
      if (!LIBRARIES.test(id)) return;
      let out = code;
      for (const [local, source] of [['React', 'react'], ['ReactDOM', 'react-dom']]) {
        const statement = new RegExp(`import ${local}(?:, \\{([^}]*)\\})? from ['"]${source}['"];?`);
        const found = statement.exec(out);
        if (!found) continue;
        const used = [...new Set([...out.matchAll(new RegExp(`\\b${local}\\.([A-Za-z_$][\\w$]*)`, 'g'))].map((m) => m[1]))];
        const named = (found[1] ?? '').split(',').map((n) => n.trim()).filter(Boolean);
        const aliases = used.map((name) => `${name} as ${local}_${name}`);
        out = out.replace(found[0], `import { ${[...named, ...aliases].join(', ')} } from '${source}';`);
        out = out.replace(new RegExp(`\\b${local}\\.([A-Za-z_$][\\w$]*)`, 'g'), (_, name) => `${local}_${name}`);
        // Any other use of the name (outside comments and imports) would now be undefined: the build stops.
        const bare = out.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/import \{[^}]*\} from ['"][^'"]+['"];/g, '');
        if (new RegExp(`\\b${local}\\b(?!_)`).test(bare)) this.error(`${id} uses ${local} other than as ${local}.name`);
      }
      return out === code ? undefined : { code: out, map: null };
    },
  };
}

/**
 * React is the shop's only component framework besides Astro's own, so a component Astro hands a renderer is a React
 * one. @astrojs/react does not know that: to answer Astro's `check` it renders every untagged component once more
 * through React's streaming renderer, then renders it again for the page, so each of a listing's 31 islands was
 * rendered twice (a tenth of an uncached render's time). Here `check` answers yes for any function component; a
 * class still needs to extend React.Component. It also gives React's string renderer each island's id prefix. The
 * build stops if @astrojs/react's code changes shape.
 * @returns {import('vite').Plugin}
 */
function reactOnlyCheck() {
  const SERVER = /node_modules[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
  const TESTER = '  let isReactComponent = false;\n  function Tester(';
  // React's string renderer (react({ experimentalDisableStreaming })) is called without the island's options, so
  // every island's useId would start from the same prefix and two islands' ids would collide: pass them.
  const TO_STRING = 'html = ReactDOM.renderToString(vnode);';
  return {
    name: 'storefront:react-only-check',
    transform(code, id) {
      if (!SERVER.test(id)) return;
      if (!code.includes(TESTER)) this.error(`${id}: check() changed shape; review storefront:react-only-check`);
      if (!code.includes(TO_STRING)) this.error(`${id}: renderToString call changed shape; review storefront:react-only-check`);
      const out = code.replace(TESTER, `  return true;\n${TESTER}`).replace(TO_STRING, 'html = ReactDOM.renderToString(vnode, renderOptions);');
      return { code: out, map: null };
    },
  };
}

/**
 * No module preloading in the browser's build. Astro's build settings turn Vite's preloading back on for the
 * client (`modulePreload: { polyfill: false }`, over this config's `false`), which wraps each dynamic import in a
 * helper that preloads the imported chunk's dependencies: 0.9 KB gzipped on every shopper page, for chunks that
 * client:interaction's idle prefetch already puts in the cache. Here preloading is off for the client, so every
 * import lists no dependencies, and the helper is the import itself. The build stops if a chunk still lists any
 * (a stylesheet a lazy chunk would need, say), rather than drop it.
 * @returns {import('vite').Plugin}
 */
function noModulePreload() {
  const HELPER = '\0vite/preload-helper.js';
  return {
    name: 'storefront:no-module-preload',
    enforce: 'pre',
    configEnvironment(name) {
      if (name === 'client') return { build: { modulePreload: false } };
    },
    load(id) {
      if (id === HELPER && this.environment?.name === 'client') return 'export const __vitePreload = (load) => load();';
    },
    renderChunk(code, chunk) {
      if (this.environment?.name === 'client' && code.includes('__vite__mapDeps(')) this.error(`${chunk.fileName}: a dynamic import still lists dependencies to preload; review storefront:no-module-preload`);
    },
  };
}

export default defineConfig({
  output: 'server',
  // Middleware mode: the adapter's handler renders only; scripts/serve.mjs wraps it in our own node:http server
  // for compression, graceful shutdown and the built files (the adapter does none of them).
  // Pages and islands are rendered to strings, not streams: the middleware keeps and compresses whole pages
  // anyway, and the streams' encoding of every chunk cost a rendered product page a third of its requests a
  // second (docs/benchmarks.md#rendering-to-strings). A page whose render fails answers a whole error page.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // imageSizes: the shop's own image sizes (/medium/…) when no IMAGE_BASE_URL serves them (src/lib/images.ts).
  integrations: [react({ experimentalDisableStreaming: true }), hydration(), imageSizes(), ...errorReporting],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // Astro's origin check only covers form posts; JSON calls are covered by the API's own XSRF check.
  security: { checkOrigin: true },
  // The client router would bring Astro's link prefetcher (1.5 KB on every page), yet no link opts in to it:
  // on a phone a prefetch on hover never happens and one on sight spends the shopper's data.
  prefetch: false,
  // Astro's development toolbar configures itself with an inline script, which the pages' policy refuses (no page
  // carries an inline script: docs/security.md#scripts).
  devToolbar: { enabled: false },
  // The stylesheet is one hashed file under /_astro/ (about 9 KB gzipped, served immutable), not inlined: inlined
  // it was 43 KB of every page's HTML (a third of the listing), downloaded again on every navigation and never
  // cached by a CDN apart from the page. Linked, a repeat visit and every navigation reuse the cached file.
  build: { inlineStylesheets: 'never' },
  vite: {
    plugins: [tailwindcss(), islandChunks(), namedReactImports(), reactOnlyCheck(), noModulePreload()],
    // Every script the build makes stays a file under /_astro/, never inlined into the page: the pages'
    // Content-Security-Policy allows scripts from this origin, plus only the island runtime Astro itself writes
    // inline, by hash (src/lib/hydrate/integration.mjs, src/lib/csp.ts). Other assets keep Vite's default.
    build: {
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      // No preload helper (0.9 KB on every page with a dynamic import): the idle prefetch of
      // client:interaction already puts an island's chunks and their imports in the cache.
      modulePreload: false,
      // SOURCEMAP=1 npm run build: maps for a profile's flame graph to name the source (scripts/flame.mjs).
      sourcemap: process.env.SOURCEMAP === '1',
    },
    // node:sqlite and pg stay external: they are server-only and must not be bundled.
    ssr: { external: ['pg', 'node:sqlite'] },
  },
});
