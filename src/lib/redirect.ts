/**
 * A path on this site to send the shopper back to, or the fallback: never another origin (`//host`, `/\host`,
 * `https:…`, `javascript:`), whatever encoding or white space it hides behind.
 */
export function safeReturnPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string') return fallback;
  const path = candidate.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || /[\u0000-\u001f\\]/.test(path)) return fallback;
  try {
    const resolved = new URL(path, 'http://this.invalid');
    if (resolved.origin !== 'http://this.invalid') return fallback;
    // Resolving dot segments can make a path protocol-relative ('/.//evil.example' becomes '//evil.example').
    if (/^\/[/\\]/.test(resolved.pathname)) return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
