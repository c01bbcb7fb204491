// @ts-check
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import islandScriptDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';
import idleScript from 'astro/runtime/client/idle.prebuilt.js';
import loadScript from 'astro/runtime/client/load.prebuilt.js';
import mediaScript from 'astro/runtime/client/media.prebuilt.js';
import onlyScript from 'astro/runtime/client/only.prebuilt.js';
import visibleScript from 'astro/runtime/client/visible.prebuilt.js';

const DIRECTIVE = 'interaction';
const ENTRYPOINT = fileURLToPath(new URL('./interaction.ts', import.meta.url));
/** Astro's module that writes the island runtime into a page (`getPrescripts`). */
const PRESCRIPTS = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]scripts\.js$/;
/** Each `<script>${text}</script>` Astro writes there: the directive, then the astro-island definition. */
const INLINE_SCRIPT = /<script>\$\{([^`]*?)\}<\/script>/g;

/**
 * The directive's script exactly as Astro compiles it (astro/dist/core/client-directive/build.js: same wrapper,
 * same esbuild options), so the text Astro hands to the page is found among the files below.
 * @param {string} root the project root
 */
async function compiledDirective(root) {
  const output = await build({
    stdin: {
      contents: `import directive from ${JSON.stringify(ENTRYPOINT)};\n\n(self.Astro || (self.Astro = {}))[${JSON.stringify(DIRECTIVE)}] = directive;\n\nwindow.dispatchEvent(new Event('astro:' + ${JSON.stringify(DIRECTIVE)}));`,
      resolveDir: root,
    },
    absWorkingDir: root,
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  });
  return output.outputFiles?.[0]?.text ?? '';
}

/** A short content hash for a file name. @param {string} text */
const contentHash = (text) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

/**
 * The island runtime as files: each script Astro would write inline (the astro-island definition and every
 * client directive's script), keyed by its exact text, with the path it is served at.
 * @param {string} root @param {string} base @param {string} assets @param {boolean} dev
 * @returns {Promise<Map<string, { path: string; file: string; text: string }>>}
 */
async function runtimeFiles(root, base, assets, dev) {
  /** @type {[string, string][]} */
  const scripts = [
    ['astro-island', islandScript],
    ...(dev ? [/** @type {[string, string]} */ (['astro-island-dev', islandScriptDev])] : []),
    [`client-${DIRECTIVE}`, await compiledDirective(root)],
    ['client-idle', idleScript],
    ['client-load', loadScript],
    ['client-media', mediaScript],
    ['client-only', onlyScript],
    ['client-visible', visibleScript],
  ];
  return new Map(
    scripts.map(([name, text]) => {
      const file = `${assets}/${name}.${contentHash(text)}.js`;
      return [text, { path: `${base.replace(/\/$/, '')}/${file}`, file, text }];
    }),
  );
}

/**
 * Rewrites Astro's `getPrescripts` so it writes `<script src="/_astro/…">` where it wrote the script's text inline.
 * A classic (blocking) script at the same place in the page runs at the same moment the inline one did: before
 * the parser reaches the island, so the directive is in place before anyone can tap the island. Throws when
 * Astro's module no longer has the expected shape, so an upgrade cannot silently bring inline scripts back.
 * @param {string} code @param {Map<string, { path: string }>} files
 */
function externalPrescripts(code, files) {
  let count = 0;
  const rewritten = code.replace(INLINE_SCRIPT, (_, expression) => {
    count += 1;
    return `\${__islandScriptTag(${expression})}`;
  });
  if (count !== 3) throw new Error(`storefront:hydration: expected 3 inline island scripts in Astro's scripts.js, found ${count}`);
  const paths = Object.fromEntries([...files].map(([text, { path }]) => [text, path]));
  // A text not among the files (none is known) stays inline, so the page's policy refuses it and the tests see it.
  return `${rewritten}\nconst __islandScriptPaths = new Map(Object.entries(${JSON.stringify(paths)}));\nfunction __islandScriptTag(text) {\n  const path = __islandScriptPaths.get(text);\n  return path === undefined ? \`<script>\${text}</script>\` : \`<script src="\${path}"></script>\`;\n}\n`;
}

/**
 * The project's hydration: registers `client:interaction` (src/lib/hydrate/interaction.ts) and makes the island
 * runtime Astro writes into pages (its `astro-island` definition and the directives' scripts) files under
 * /_astro/, so no page carries an inline script and the pages' policy is `script-src 'self'` (src/lib/csp.ts).
 * See docs/security.md#scripts.
 * @returns {import('astro').AstroIntegration}
 */
export default function hydration() {
  /** @type {Map<string, { path: string; file: string; text: string }>} */
  let files = new Map();
  /** @type {URL} */
  let clientDir;
  return {
    name: 'storefront:hydration',
    hooks: {
      'astro:config:setup': async ({ addClientDirective, updateConfig, config, command }) => {
        addClientDirective({ name: DIRECTIVE, entrypoint: ENTRYPOINT });
        files = await runtimeFiles(fileURLToPath(config.root), config.base, config.build.assets, command === 'dev');
        /** @type {import('vite').Plugin} */
        const plugin = {
          name: 'storefront:island-runtime-files',
          enforce: 'pre',
          transform(code, id) {
            if (!PRESCRIPTS.test(id.split('?')[0] ?? id)) return null;
            return { code: externalPrescripts(code, files), map: null };
          },
        };
        updateConfig({ vite: { plugins: [plugin] } });
      },
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:server:setup': ({ server }) => {
        const byPath = new Map([...files.values()].map((file) => [file.path, file.text]));
        server.middlewares.use((request, response, next) => {
          const text = byPath.get((request.url ?? '').split('?')[0] ?? '');
          if (text === undefined) return next();
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.end(text);
        });
      },
      'astro:build:done': async () => {
        for (const { file, text } of files.values()) {
          const target = new URL(file, clientDir);
          await mkdir(new URL('./', target), { recursive: true });
          await writeFile(target, text);
        }
      },
    },
  };
}
