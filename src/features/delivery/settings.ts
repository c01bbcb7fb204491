import { atom } from 'nanostores';

/** The website the page belongs to, as islands need it (its id and name). */
export interface SiteRef {
  id: number;
  name: string;
}

/** The shopper's delivery settings: the chosen pincode (or null) and the website. */
export interface Settings {
  pincode: string | null;
  website: SiteRef | null;
}

/** Delivery settings shared by islands, filled from server-rendered props (`seedSettings`), never from another island. */
export const $settings = atom<Settings>({ pincode: null, website: null });

/** Fills the store from the page's server props, unless an island has already filled it. */
export function seedSettings(settings: Settings) {
  if ($settings.get().website === null) $settings.set(settings);
}

/** Records a pincode the API accepted. */
export function choosePincode(pincode: string) {
  $settings.set({ ...$settings.get(), pincode });
}
