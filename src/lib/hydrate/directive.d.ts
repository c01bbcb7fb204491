import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the island's first interaction (src/lib/hydrate/interaction.ts); "cart": also when the cart changes; "toasts": also when a toast is pushed. */
    'client:interaction'?: boolean | 'cart' | 'toasts';
  }
}
