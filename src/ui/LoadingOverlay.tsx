/** A full-page loading overlay: blocks input and says why to assistive technology. */
export function LoadingOverlay({ show, label = 'Loading' }: { show: boolean; label?: string }) {
  if (!show) return null;
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="fixed inset-0 z-[9998] grid place-items-center bg-background/70">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-border border-t-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
