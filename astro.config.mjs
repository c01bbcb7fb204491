// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import sentry from '@sentry/astro';
import hydration from './src/lib/hydrate/integration.mjs';

// Error reporting is on only when a DSN is configured at build time; without it no Sentry code ships.
const errorReporting = process.env.PUBLIC_SENTRY_DSN ? [sentry({ sourceMapsUploadOptions: { enabled: false } })] : [];

export default defineConfig({
  output: 'server',
  // Standalone mode so the built handler also serves dist/client; scripts/serve.mjs wraps it in our own
  // node:http server for compression and graceful shutdown (the adapter does neither).
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), hydration(), ...errorReporting],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // Astro's origin check only covers form posts; JSON calls are covered by the API's own XSRF check.
  security: { checkOrigin: true },
  // The stylesheet is about 9 KB gzipped: inlined, it costs no render-blocking round trip on a slow network.
  build: { inlineStylesheets: 'always' },
  vite: {
    plugins: [tailwindcss()],
    // Every script stays a file under /_astro/, never inlined into the page: the pages' Content-Security-Policy
    // allows scripts from this origin only (src/lib/page-headers.ts). Other assets keep Vite's default.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    // node:sqlite and pg stay external: they are server-only and must not be bundled.
    ssr: { external: ['pg', 'node:sqlite'] },
  },
});
