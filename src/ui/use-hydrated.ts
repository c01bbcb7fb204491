import { useEffect, useState } from 'react';

/** False on the server and during hydration (draw the server props, so hydration matches the HTML), then true. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
