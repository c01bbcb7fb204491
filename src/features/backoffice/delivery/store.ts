import { atom } from 'nanostores';
import type { BosZone, BosZoneList, BosZonePincodes } from '../../../contract/bos-delivery';
import type { BosDeliveryApi } from '../../../lib/api/bos-delivery';
import { ApiCallError } from '../../../lib/api/client';
import { fieldErrors } from '../../../lib/api/form-call';
import { errorMessage } from '../../../lib/errors';
import {
  addedReport, EMPTY_PASTE, formOf, listHref, PINCODES_PER_PAGE, pasteBody, pasteProblemsFromApi, problemsFromApi, sameForm, zoneBody, zoneHref, ZONES_PATH, ZONES_PER_PAGE,
  type ListQuery, type PasteForm, type PasteProblems, type ZoneForm, type ZoneProblems,
} from './zones';

/**
 * The delivery screens' state (docs/back-office-delivery.md). Each page renders its first view on the server from
 * the address; the island carries on from it: a search or a page loads on its own and the address follows
 * (replaced, not pushed: typing is not a trail of history entries), and an answer that arrives after a newer
 * question was asked is dropped. The API comes in as a parameter, so the tests hand it a fake.
 */
export type Remember = (href: string) => void;
const rememberInHistory: Remember = (href) => history.replaceState(history.state, '', href);
export type Go = (href: string) => void;

/** A failure in words: the API's own (an ApiCallError carries them), else the product's fallback. */
const words = (failure: unknown) => (failure instanceof ApiCallError ? failure.message : errorMessage(failure));

// The list of zones.

export interface ZonesSeed {
  query: ListQuery;
  list: BosZoneList | null;
  /** Why the view could not be loaded, in words. */
  error: string | null;
}
export interface ZonesState extends ZonesSeed {
  loading: boolean;
}

export const $zones = atom<ZonesState | null>(null);
export const seededZones = (seed: ZonesSeed): ZonesState => ({ ...seed, loading: false });
export const seedZones = (seed: ZonesSeed) => $zones.set(seededZones(seed));

/** Loads a view of the zones (the page does, on the server): the page of zones, or why it could not be had. */
export async function loadZones(client: Pick<BosDeliveryApi, 'bosZones'>, query: ListQuery): Promise<ZonesSeed> {
  try {
    return { query, list: await client.bosZones({ q: query.q || undefined, page: query.page, perPage: ZONES_PER_PAGE }), error: null };
  } catch (failure) {
    return { query, list: null, error: `The zones could not be loaded: ${words(failure)}` };
  }
}

let askedZones = 0;
/** Shows a view of the zones: a new search starts at page 1. */
export async function showZones(client: Pick<BosDeliveryApi, 'bosZones'>, change: Partial<ListQuery>, remember: Remember = rememberInHistory) {
  const now = $zones.get()!;
  const newSearch = change.q !== undefined && change.q.trim() !== now.query.q.trim();
  const query: ListQuery = { q: change.q ?? now.query.q, page: change.page ?? (newSearch ? 1 : now.query.page) };
  remember(listHref(ZONES_PATH, query));
  const ask = ++askedZones;
  $zones.set({ ...now, query, loading: true });
  const view = await loadZones(client, query);
  if (ask !== askedZones) return;
  const latest = $zones.get()!;
  $zones.set({ ...latest, ...view, list: view.list ?? latest.list, loading: false });
}

// One zone: its form, its pincodes and the paste box.

export interface ZoneSeed {
  /** Null: a new zone, not made yet. */
  zone: BosZone | null;
  warehouses: BosZoneList['warehouses'];
  defaultCodLimitPaise: number;
  pincodes: { query: ListQuery; list: BosZonePincodes | null; error: string | null };
  /** Just made (the page after "Create zone"): said once, with what to do next. */
  created: boolean;
}

export interface Report {
  tone: 'success' | 'warning' | 'error';
  text: string;
  refused?: ReturnType<typeof addedReport>['refused'];
}

export interface ZoneState extends ZoneSeed {
  form: ZoneForm;
  /** The form as last saved: what "unsaved changes" are judged against. */
  saved: ZoneForm;
  problems: ZoneProblems;
  saving: boolean;
  /** What the last action on the zone (save, remove) did. */
  report: Report | null;
  paste: PasteForm;
  pasteProblems: PasteProblems;
  adding: boolean;
  /** What the last paste did, with each refused pincode. */
  added: Report | null;
  pincodesLoading: boolean;
  /** The pincode (or 'zone') a removal is under way on. */
  removing: string | null;
}

export const $zone = atom<ZoneState | null>(null);
export const seededZone = (seed: ZoneSeed): ZoneState => ({
  ...seed,
  form: formOf(seed.zone),
  saved: formOf(seed.zone),
  problems: {},
  saving: false,
  report: seed.created && seed.zone ? { tone: 'success', text: `Zone ${seed.zone.name} made. Now paste the pincodes it delivers to.` } : null,
  paste: EMPTY_PASTE,
  pasteProblems: {},
  adding: false,
  added: null,
  pincodesLoading: false,
  removing: null,
});
export const seedZone = (seed: ZoneSeed) => $zone.set(seededZone(seed));
const zoneNow = () => $zone.get()!;
const updateZone = (change: Partial<ZoneState>) => $zone.set({ ...zoneNow(), ...change });

/** Whether the form holds changes not saved (leaving the page then asks first). */
export const unsaved = (state: ZoneState | null) => state !== null && !sameForm(state.form, state.saved);

/** A change typed into the form; a field's problem goes once it is changed. */
export function editForm(change: Partial<ZoneForm>) {
  const now = zoneNow();
  const problems = { ...now.problems };
  for (const key of Object.keys(change)) delete problems[key as keyof ZoneProblems];
  delete problems.form;
  updateZone({ form: { ...now.form, ...change }, problems });
}

/**
 * Saves the form: a new zone is made (POST /s/api/bos/zones) and its page opened (`go`), where its pincodes are
 * pasted; a zone's settings are replaced (PUT /s/api/bos/zones/{id}). Problems are said under their fields, before
 * sending when the form can tell, else as the API words them.
 */
export async function saveZone(client: Pick<BosDeliveryApi, 'bosCreateZone' | 'bosUpdateZone'>, go: Go) {
  const now = zoneNow();
  if (now.saving) return;
  const built = zoneBody(now.form);
  if ('problems' in built) return updateZone({ problems: built.problems, report: null });
  updateZone({ saving: true, problems: {}, report: null });
  try {
    if (!now.zone) {
      const zone = await client.bosCreateZone(built.body);
      // Saved: leaving for the new zone's page asks nothing.
      updateZone({ saved: zoneNow().form });
      go(`${zoneHref(zone.id)}?created=1`);
      return;
    }
    const zone = await client.bosUpdateZone(now.zone.id, built.body);
    const form = formOf(zone);
    updateZone({ zone, form, saved: form, saving: false, report: { tone: 'success', text: `Zone ${zone.name} saved. Shoppers’ next pincode check, cart and checkout follow it.` } });
  } catch (failure) {
    updateZone({ saving: false, problems: problemsFromApi(fieldErrors(failure), words(failure)) });
  }
}

/** A change typed into the paste box or its city and state. */
export function editPaste(change: Partial<PasteForm>) {
  const now = zoneNow();
  const pasteProblems = { ...now.pasteProblems };
  for (const key of Object.keys(change)) delete pasteProblems[key as keyof PasteProblems];
  delete pasteProblems.form;
  updateZone({ paste: { ...now.paste, ...change }, pasteProblems });
}

/**
 * Adds the pasted pincodes (POST /s/api/bos/zones/{id}/pincodes). The report says how many were added and lists
 * each refused one with its zone; the box keeps only the refused ones (to move them on, or leave them), and the
 * list of pincodes is loaded again. A refusal of the whole paste is said under its field, nothing sent again.
 */
export async function addPasted(client: Pick<BosDeliveryApi, 'bosAddPincodes' | 'bosZonePincodes'>, remember: Remember = rememberInHistory) {
  const now = zoneNow();
  if (!now.zone || now.adding) return;
  const built = pasteBody(now.paste);
  if ('problems' in built) return updateZone({ pasteProblems: built.problems, added: null });
  updateZone({ adding: true, pasteProblems: {}, added: null });
  try {
    const answer = await client.bosAddPincodes(now.zone.id, built.body);
    const report = addedReport(answer);
    updateZone({
      adding: false,
      added: report,
      zone: answer.zone,
      paste: { ...zoneNow().paste, text: answer.refused.map((r) => r.pincode).join('\n') },
    });
    await showPincodes(client, {}, { remember, reload: true });
  } catch (failure) {
    updateZone({ adding: false, pasteProblems: pasteProblemsFromApi(fieldErrors(failure), words(failure)) });
  }
}

let askedPincodes = 0;
/** Shows a view of the zone's pincodes: a new search starts at page 1; `reload` asks again for the same view. */
export async function showPincodes(client: Pick<BosDeliveryApi, 'bosZonePincodes'>, change: Partial<ListQuery>, { remember = rememberInHistory, reload = false } = {}) {
  const now = zoneNow();
  if (!now.zone) return;
  const before = now.pincodes.query;
  const newSearch = change.q !== undefined && change.q.trim() !== before.q.trim();
  const query: ListQuery = { q: change.q ?? before.q, page: change.page ?? (newSearch ? 1 : before.page) };
  if (!reload && !newSearch && query.page === before.page) return;
  remember(listHref(zoneHref(now.zone.id), query));
  const ask = ++askedPincodes;
  updateZone({ pincodes: { ...now.pincodes, query }, pincodesLoading: true });
  try {
    let list = await client.bosZonePincodes(now.zone.id, { q: query.q || undefined, page: query.page, perPage: PINCODES_PER_PAGE });
    // A page emptied by a removal shows the page before it.
    if (!list.data.length && query.page > 1 && list.meta.total > 0 && ask === askedPincodes) {
      query.page = Math.ceil(list.meta.total / PINCODES_PER_PAGE);
      remember(listHref(zoneHref(now.zone.id), query));
      list = await client.bosZonePincodes(now.zone.id, { q: query.q || undefined, page: query.page, perPage: PINCODES_PER_PAGE });
    }
    if (ask === askedPincodes) updateZone({ pincodes: { query, list, error: null }, pincodesLoading: false });
  } catch (failure) {
    if (ask === askedPincodes) updateZone({ pincodes: { ...zoneNow().pincodes, error: `The pincodes could not be loaded: ${words(failure)}` }, pincodesLoading: false });
  }
}

/** Takes a pincode out of the zone (asked first by the screen), says so, and loads the list again. */
export async function removeZonePincode(client: Pick<BosDeliveryApi, 'bosRemovePincode' | 'bosZonePincodes'>, pincode: string, remember: Remember = rememberInHistory) {
  const now = zoneNow();
  if (!now.zone || now.removing) return;
  updateZone({ removing: pincode, report: null });
  try {
    const answer = await client.bosRemovePincode(now.zone.id, pincode);
    updateZone({ removing: null, report: { tone: 'success', text: answer.message }, ...(answer.zone ? { zone: answer.zone } : {}) });
  } catch (failure) {
    updateZone({ removing: null, report: { tone: 'error', text: `${pincode} could not be removed: ${words(failure)}` } });
  }
  await showPincodes(client, {}, { remember, reload: true });
}

/** Where the zone page leaves the list a word on what it did (the zone removed), for one showing. */
const NOTICE_KEY = 'bos-delivery-notice';
export type Notice = { keep: (text: string) => void; take: () => string | null };
export const sessionNotice: Notice = {
  keep: (text) => sessionStorage.setItem(NOTICE_KEY, text),
  take: () => {
    const text = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return text;
  },
};

/** Removes the zone (asked first by the screen) and goes to the list, which says what happened to its pincodes. */
export async function removeZone(client: Pick<BosDeliveryApi, 'bosDeleteZone'>, go: Go, notice: Pick<Notice, 'keep'> = sessionNotice) {
  const now = zoneNow();
  if (!now.zone || now.removing) return;
  updateZone({ removing: 'zone', report: null });
  try {
    const answer = await client.bosDeleteZone(now.zone.id);
    updateZone({ saved: zoneNow().form });
    notice.keep(answer.message);
    go(ZONES_PATH);
  } catch (failure) {
    updateZone({ removing: null, report: { tone: 'error', text: `The zone could not be removed: ${words(failure)}` } });
  }
}
