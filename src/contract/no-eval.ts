import { z } from 'zod';

// In the browser, zod parses without compiling: its first object schema would otherwise probe for eval
// (`new Function`), which the pages' Content-Security-Policy forbids, and the browser reports every such
// attempt as a violation. Imported first by the contract's index and by session.ts (which the browser client
// imports directly), so it runs before any schema is built.
// The server keeps zod's compiled fast path.
if (typeof document !== 'undefined') z.config({ jitless: true });
