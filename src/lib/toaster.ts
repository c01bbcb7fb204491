/**
 * Kept only for src/islands/wishlist.ts until the wishlist is rebuilt as islands: toasts are now drawn by the
 * layout's Toaster island (src/ui/Toaster.tsx), which wakes when a toast is pushed, so there is nothing to mount.
 * @deprecated push toasts with `toast()` from src/stores/toasts.ts; delete this file with its last caller.
 */
export function mountToaster(_doc?: Document) {}
