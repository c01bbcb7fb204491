// @ts-check
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import loadScript from 'astro/runtime/client/load.prebuilt.js';

const DIRECTIVE = 'interaction';
const ENTRYPOINT = fileURLToPath(new URL('./interaction.ts', import.meta.url));

/**
 * The directive's inline script exactly as Astro compiles it (astro/dist/core/client-directive/build.js:
 * same wrapper, same esbuild options), so its hash can go into the pages' script-src.
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

/** A CSP source for an inline script's exact text. @param {string} text */
export const scriptHash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The project's hydration: registers `client:interaction` (src/lib/hydrate/interaction.ts) and hands the
 * pages' policy the hashes of the only inline scripts Astro writes for islands (its fixed `astro-island`
 * definition, this directive, and Astro's own `client:load` for the pages whose purpose is interaction:
 * checkout, account, the agent dashboard) as `import.meta.env.ISLAND_SCRIPT_HASHES`, so script-src stays 'self'
 * plus those three exact scripts.
 * @returns {import('astro').AstroIntegration}
 */
export default function hydration() {
  return {
    name: 'storefront:hydration',
    hooks: {
      'astro:config:setup': async ({ addClientDirective, updateConfig, config }) => {
        addClientDirective({ name: DIRECTIVE, entrypoint: ENTRYPOINT });
        const hashes = [scriptHash(islandScript), scriptHash(await compiledDirective(fileURLToPath(config.root))), scriptHash(loadScript)];
        updateConfig({ vite: { define: { 'import.meta.env.ISLAND_SCRIPT_HASHES': JSON.stringify(hashes.join(' ')) } } });
      },
    },
  };
}
