import type { AstroCookies } from 'astro';

/** A one-time message for the next page (a no-JavaScript form's error), kept in a short-lived cookie. */
export const FLASH_COOKIE = 'flash';

export interface Flash {
  message: string;
  kind: 'error' | 'success';
}

/** Secure in production, like every cookie the shop sets (plain HTTP on localhost cannot keep one). */
const secure = () => process.env.NODE_ENV === 'production';

export function setFlash(cookies: AstroCookies, message: string, kind: Flash['kind'] = 'error') {
  cookies.set(FLASH_COOKIE, JSON.stringify({ message: message.slice(0, 300), kind }), { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60, secure: secure() });
}

/** The waiting message, removed as it is read. */
export function takeFlash(cookies: AstroCookies): Flash | null {
  const raw = cookies.get(FLASH_COOKIE)?.value;
  if (raw === undefined) return null;
  cookies.delete(FLASH_COOKIE, { path: '/', secure: secure() });
  try {
    const flash = JSON.parse(raw) as Flash;
    return typeof flash.message === 'string' ? { message: flash.message, kind: flash.kind === 'success' ? 'success' : 'error' } : null;
  } catch {
    return null;
  }
}
