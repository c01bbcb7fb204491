import { atom } from 'nanostores';

/** The signed-in shopper as islands need them: a name to greet, nothing secret. */
export interface SessionUser {
  name: string;
}

/**
 * Who is signed in, filled from server-rendered props (`seedSession`), never fetched by an island: null for a
 * visitor. The server decides what a visitor gets (no wishlist hearts, no wishlist script).
 */
export const $session = atom<SessionUser | null>(null);

/** Fills the store from an island's server props, once. */
export function seedSession(user: SessionUser | null) {
  if ($session.get() === null && user) $session.set(user);
}
