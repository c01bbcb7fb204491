import { atom } from 'nanostores';
import type { BosProduct, BosProductRemoved } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import type { BosProductsApi } from '../../../lib/api/bos-products';
import { errorMessage } from '../../../lib/errors';
import { formFromProduct, isFormField, productBody, recheck, unsaved, type ProductForm, type Problems } from './form';

/**
 * A product's form while it is edited (/bos/admin/products/new and /{id}): the form as typed, the form as last
 * saved (to tell unsaved changes), the problems by field (the contract's rules before sending, the API's field
 * errors after), and what the last save or removal did. A save sends the whole product with the `updated_at` it
 * was read at: when someone saved it in between, the API refuses (409) and nothing of theirs is overwritten.
 */
export interface EditorState {
  form: ProductForm;
  saved: ProductForm;
  /** The product as the API last answered it; null until a new one is created. */
  product: BosProduct | null;
  /** What the form's own rules found wrong at the last save, judged again as it is typed. */
  mine: Problems;
  /** What the API refused at the last save, by field, kept until the field is changed; and the form as it was sent. */
  theirs: Problems;
  sent: ProductForm;
  busy: 'saving' | 'removing' | null;
  report: { tone: 'success' | 'error'; text: string } | null;
  /** Someone saved the product since it was read: what they did is not overwritten; a reload shows it. */
  conflict: string | null;
}

export type EditorApi = Pick<BosProductsApi, 'bosProduct' | 'bosCreateProduct' | 'bosSaveProduct' | 'bosRemoveProduct'>;

/** The problems shown: the API's, then the form's own over them. */
export const shownProblems = (state: Pick<EditorState, 'mine' | 'theirs'>): Problems => ({ ...state.theirs, ...state.mine });
export type Go = (href: string) => void;

const productHref = (id: number) => `/bos/admin/products/${id}`;

/** A refused save in words under its fields: the API's `errors` by path; anything it names no field of, on top. */
function refusalProblems(failure: unknown): Problems {
  const body = failure instanceof ApiCallError ? (failure.body as { errors?: Record<string, string[]> } | null) : null;
  const problems: Problems = {};
  const loose: string[] = [];
  for (const [path, messages] of Object.entries(body?.errors ?? {})) {
    const words = messages[0];
    if (!words) continue;
    if (isFormField(path)) problems[path] = words;
    else loose.push(words);
  }
  if (loose.length > 0 || Object.keys(problems).length === 0) problems._ = loose[0] ?? (failure instanceof ApiCallError ? failure.message : errorMessage(failure));
  return problems;
}

const NOT_SAVED = { tone: 'error', text: 'The product is not saved: correct the fields marked.' } as const;

export function createProductEditor(client: EditorApi, start: { product: BosProduct | null; form: ProductForm; report?: EditorState['report'] }) {
  const $state = atom<EditorState>({ form: start.form, saved: start.form, product: start.product, mine: {}, theirs: {}, sent: start.form, busy: null, report: start.report ?? null, conflict: null });
  const get = () => $state.get();
  const update = (change: Partial<EditorState>) => $state.set({ ...get(), ...change });

  /** A change of the form; what was found wrong is judged again as it is corrected. */
  function change(next: ProductForm) {
    const { mine, theirs, sent } = get();
    if (Object.keys(mine).length === 0 && Object.keys(theirs).length === 0) return update({ form: next });
    const left = recheck({ mine, theirs }, sent, next);
    // Everything marked is corrected: the "not saved" line goes too (the Save button is still there to press).
    const report = Object.keys(left.mine).length + Object.keys(left.theirs).length === 0 && get().report === NOT_SAVED ? null : get().report;
    update({ form: next, ...left, report });
  }

  /**
   * Saves: a new product is created and the page goes to its own address (`go`); a saved one is saved and shown
   * as the API answers it. Resolves to the problems (the island focuses the first), or null once saved.
   */
  async function save(go: Go): Promise<Problems | null> {
    const { form, product, busy } = get();
    if (busy) return null;
    const built = productBody(form, product?.updated_at);
    if ('problems' in built) {
      update({ mine: built.problems, theirs: {}, sent: form, report: NOT_SAVED });
      return built.problems;
    }
    update({ busy: 'saving', mine: {}, theirs: {}, sent: form, report: null, conflict: null });
    try {
      const answer = product ? await client.bosSaveProduct(product.id, built.body) : await client.bosCreateProduct(built.body);
      const saved = formFromProduct(answer);
      update({ product: answer, form: saved, saved, busy: null, report: { tone: 'success', text: product ? `Saved. Shoppers see it now at ${answer.url}.` : `Created.` } });
      if (!product) go(`${productHref(answer.id)}?created=1`);
      return null;
    } catch (failure) {
      const problems = refusalProblems(failure);
      const stale = failure instanceof ApiCallError && failure.status === 409 && !Object.keys(problems).some((path) => path !== '_');
      if (stale && product) {
        update({ busy: null, conflict: `${problems._} Your changes are not saved: copy what you need, then reload to see the product as it is now.` });
        return problems;
      }
      update({ busy: null, theirs: problems, report: NOT_SAVED });
      return problems;
    }
  }

  /** Hides a product orders hold, or deletes one none does (DELETE /s/api/bos/products/{id}): the answer says which. */
  async function remove(go: Go): Promise<BosProductRemoved | null> {
    const { product, busy } = get();
    if (!product || busy) return null;
    update({ busy: 'removing', report: null });
    try {
      const removed = await client.bosRemoveProduct(product.id);
      if (removed.outcome === 'deleted') {
        update({ busy: null, form: get().saved });
        go('/bos/admin/products?deleted=1');
      } else {
        // Hidden: the API saved its status; the product is read again (its new updated_at), and what is typed stays.
        const fresh = await client.bosProduct(product.id).catch(() => ({ ...product, status: 'hidden' as const }));
        update({ busy: null, product: fresh, form: { ...get().form, status: 'hidden' }, saved: { ...get().saved, status: 'hidden' }, report: { tone: 'success', text: removed.message } });
      }
      return removed;
    } catch (failure) {
      update({ busy: null, report: { tone: 'error', text: failure instanceof ApiCallError ? failure.message : errorMessage(failure) } });
      return null;
    }
  }

  return { $state, change, save, remove, unsaved: () => unsaved(get().form, get().saved) };
}

