// The import rules between the layers of src/ (docs/architecture.md#layers), checked by `npm run layers`
// (scripts/layers.mjs, which also reads the .astro files) before every `npm test`.
//
// Imports point downward: pages → layouts → features → ui, components, stores → lib → contract; the server →
// lib → contract; the contract depends on nothing. The layer rules count type-only imports too (a type from a higher layer ties the lower one to it
// just the same); the cycle rule counts only imports that run (a type-only import is erased when compiled).

/** The one module of the server that pages and the middleware import: the way to the API. */
const SERVER_DOOR = '^src/server/for-pages[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'pages-reach-server-through-its-door',
      comment:
        'Pages and the middleware render with what the commerce API answers, through the typed client of ' +
        'lib/api/. Of the server they import only src/server/for-pages.ts, the way to the API (in this process ' +
        'or at COMMERCE_API_URL), its readiness and the crawler files: never a service, the database or an HTTP ' +
        'helper of the API, which would give a page data the API does not answer.',
      severity: 'error',
      from: { path: ['^src/pages/', '^src/middleware[.]ts$'] },
      to: { path: '^src/server/', pathNot: SERVER_DOOR },
    },
    {
      name: 'shopper-code-never-loads-the-back-office',
      comment:
        'The back office and the page builder (src/features/backoffice/, src/features/page-builder/, and their frame ' +
        'src/layouts/BackOffice.astro) are staff code: only their own pages under src/pages/bos/ and ' +
        'src/pages/page-builder/ and the frame import them. A shopper page, layout, feature or shared part that did ' +
        'would ship staff code to shoppers (and past their script budgets).',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/features/backoffice/', '^src/features/page-builder/', '^src/pages/bos/', '^src/pages/page-builder/', '^src/layouts/BackOffice\\.astro'] },
      to: { path: ['^src/features/backoffice/', '^src/features/page-builder/', '^src/layouts/BackOffice\\.astro'] },
    },
    {
      name: 'shopper-code-never-loads-the-till',
      comment:
        'The point of sale (src/features/pos/, its frame src/layouts/Pos.astro) is staff code for the counter: only ' +
        'its own pages under src/pages/pos/ and the frame import it. A shopper page, layout, feature or shared part ' +
        'that did would ship the till (IndexedDB outbox, scanner, receipts) to shoppers.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/features/pos/', '^src/pages/pos/', '^src/layouts/Pos\\.astro'] },
      to: { path: ['^src/features/pos/', '^src/layouts/Pos\\.astro'] },
    },
    {
      name: 'layouts-stay-below-pages',
      comment:
        'A layout frames the pages (Store, PageView, the shell): it never imports a page, and it reaches the ' +
        'server only through the API, as features do.',
      severity: 'error',
      from: { path: '^src/layouts/' },
      to: { path: ['^src/server/', '^src/pages/'] },
    },
    {
      name: 'features-stay-below-pages',
      comment:
        'A feature is a part pages and layouts put together: it never imports a page or a layout (which would ' +
        'make the two depend on each other), and it reaches the server only through the API.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: ['^src/server/', '^src/pages/', '^src/layouts/'] },
    },
    {
      name: 'shared-parts-stay-shared',
      comment:
        'ui/ (React widgets), lib/ (framework-free helpers), components/ (shared Astro parts) and stores/ ' +
        '(shared nanostores) are used by every feature and by the server: importing a feature, a layout, a ' +
        'page or the server from them would tie every user of them to it.',
      severity: 'error',
      from: { path: ['^src/ui/', '^src/lib/', '^src/components/', '^src/stores/'] },
      to: { path: ['^src/features/', '^src/server/', '^src/pages/', '^src/layouts/'] },
    },
    {
      name: 'lib-is-framework-free',
      comment: 'lib/ is used by the server too: it holds no React widget (ui/), Astro part (components/) or store (stores/).',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: ['^src/ui/', '^src/components/', '^src/stores/'] },
    },
    {
      name: 'contract-depends-on-nothing',
      comment:
        'The contract (zod schemas, their rules and constants) is what the browser, the pages and the API agree ' +
        'on: it imports only other contract modules and npm packages, so nothing of either side leaks into it.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'server-below-the-storefront',
      comment:
        'The commerce API runs alone too (COMMERCE_API_URL points a storefront at another process): it uses ' +
        'contract/ and lib/, never a page, layout, feature, widget, Astro part or store of the storefront.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: ['^src/features/', '^src/pages/', '^src/layouts/', '^src/ui/', '^src/components/', '^src/stores/', '^src/middleware[.]ts$'] },
    },
    {
      name: 'routes-do-not-import-routes',
      comment:
        'A route module mounts one part of the API; what two routes share (a guard, a scope, a mapping) lives in ' +
        'a module that is not a route (http/, services/), so mounting or changing one route never drags in another.',
      severity: 'error',
      from: { path: '^src/server/routes/([^/]+)[.]ts$' },
      to: { path: '^src/server/routes/', pathNot: '^src/server/routes/$1[.]ts$' },
    },
    {
      name: 'migrations-are-frozen',
      comment:
        'A migration carries its own SQL and data: importing application code would make an edit of a service ' +
        'change what an old migration does on a database that has not run it yet.',
      severity: 'error',
      from: { path: '^src/server/db/migrations/' },
      to: { path: '^src/', pathNot: '^src/server/db/migrations/' },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other (at run time) load in an order that depends on which one is imported ' +
        'first, and one may see the other half-initialised. Type-only imports are erased when compiled, so they ' +
        'do not count.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-dev-dependencies-in-src',
      comment:
        'Code under src/ that runs imports only packages from dependencies: an install for production ' +
        '(`npm install --omit=dev`) leaves devDependencies out. Tests beside the code, and type-only imports ' +
        '(erased when compiled), may use devDependencies.',
      severity: 'error',
      from: { path: '^src/', pathNot: '[.]test[.]tsx?$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-unresolvable',
      comment:
        "An import that resolves to no file: a typo, or an .astro file whose imports scripts/layers.mjs did not " +
        "read. Astro's virtual modules (astro:middleware …) exist only inside Astro.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^astro:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6', 'cjs'],
    // Type-only imports are seen (and marked 'type-only'), so the layer rules can count them.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    // scripts/layers.mjs cruises a copy of src/ beside a link to node_modules: packages keep their node_modules/ names.
    preserveSymlinks: true,
    skipAnalysisNotInRules: true,
  },
};
