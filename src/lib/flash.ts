import type { AstroCookies } from 'astro';

/** A one-time message for the next page (a no-JavaScript form's error), kept in a short-lived cookie. */
export const FLASH_COOKIE = 'flash';

export function setFlash(cookies: AstroCookies, message: string) {
  cookies.set(FLASH_COOKIE, message.slice(0, 300), { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 });
}

/** The waiting message, removed as it is read. */
export function takeFlash(cookies: AstroCookies): string | null {
  const message = cookies.get(FLASH_COOKIE)?.value ?? null;
  if (message !== null) cookies.delete(FLASH_COOKIE, { path: '/' });
  return message;
}
