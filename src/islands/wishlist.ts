import type { z } from 'zod';
import type { Wishlists } from '../contract';
import { api } from '../lib/api/browser';
import { mountToaster } from '../lib/toaster';
import { toast, toastError } from '../stores/toasts';

/**
 * The heart and the wishlist dialogs, framework-free: choosing a list toggles the product in it, and every
 * heart for that product flips only after the server has answered (spec section 4).
 */
let lists: z.infer<typeof Wishlists> | null = null;
let productId = 0;

const dialog = () => document.getElementById('wishlist-dialog') as HTMLDialogElement | null;
const createDialog = () => document.getElementById('wishlist-create-dialog') as HTMLDialogElement | null;

function setHearts(id: number, on: boolean) {
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[data-wishlist-toggle][data-product-id="${id}"]`)) {
    form.querySelector('button')?.setAttribute('aria-pressed', String(on));
  }
}

function renderLists() {
  const list = dialog()?.querySelector('[data-wishlist-lists]');
  if (!list || !lists) return;
  const holds = (categoryId: number | null) => lists!.items.some((i) => i.product_id === productId && i.wishlist_category_id === categoryId);
  const entries: [number | null, string][] = [[null, 'Default'], ...lists.WishlistCategories.map((c): [number, string] => [c.id, c.name])];
  list.replaceChildren(
    ...entries.map(([id, name]) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.list = String(id ?? '');
      button.setAttribute('aria-pressed', String(holds(id)));
      button.className = 'flex w-full items-center justify-between rounded-lg border border-border px-4 py-2 text-left text-sm hover:bg-muted aria-pressed:border-primary aria-pressed:bg-secondary aria-busy:opacity-60';
      button.textContent = name;
      const mark = document.createElement('span');
      mark.textContent = holds(id) ? '✓ Added' : 'Add';
      mark.className = 'text-xs text-muted-foreground';
      button.append(mark);
      item.append(button);
      return item;
    }),
  );
}

async function open(id: number) {
  productId = id;
  try {
    lists = await api().wishlists();
    renderLists();
    dialog()?.showModal();
  } catch (error) {
    toastError(error);
  }
}

async function choose(button: HTMLButtonElement) {
  const categoryId = button.dataset.list ? Number(button.dataset.list) : undefined;
  button.setAttribute('aria-busy', 'true');
  try {
    const answer = await api().toggleWishlist(productId, categoryId);
    lists = lists && {
      ...lists,
      items: [...lists.items.filter((i) => i.product_id !== productId), ...answer.lists.map((list) => ({ product_id: productId, wishlist_category_id: list }))],
    };
    setHearts(productId, answer.wishlist);
    renderLists();
  } catch (error) {
    toastError(error);
  } finally {
    button.removeAttribute('aria-busy');
  }
}

async function create(form: HTMLFormElement) {
  const name = String(new FormData(form).get('name') ?? '').trim();
  const error = form.querySelector<HTMLElement>('[data-create-error]')!;
  if (!name) {
    error.textContent = 'New Wishlist is required';
    error.classList.remove('hidden');
    return;
  }
  const submit = form.querySelector('button[type="submit"]');
  submit?.setAttribute('aria-busy', 'true');
  try {
    const created = await api().createWishlist(name);
    toast('Wishlist added successfully', 'success');
    if (lists) lists = { ...lists, WishlistCategories: [...lists.WishlistCategories, created] };
    renderLists();
    form.reset();
    error.classList.add('hidden');
    createDialog()?.close();
  } catch (failure) {
    error.textContent = failure instanceof Error ? failure.message : 'Something went wrong';
    error.classList.remove('hidden');
  } finally {
    submit?.removeAttribute('aria-busy');
  }
}

let started = false;

export function enhanceWishlists() {
  if (started) return;
  started = true;
  mountToaster();
  document.addEventListener(
    'submit',
    (event) => {
      const target = event.target as HTMLFormElement;
      if (target.matches('form[data-wishlist-toggle]') && dialog()) {
        event.preventDefault();
        void open(Number(target.dataset.productId));
      } else if (target.matches('form[data-create-wishlist-form]')) {
        event.preventDefault();
        void create(target);
      }
    },
    true, // before the client router
  );
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const listButton = target.closest<HTMLButtonElement>('[data-wishlist-lists] button');
    if (listButton) void choose(listButton);
    if (target.closest('[data-create-wishlist]')) createDialog()?.showModal();
    if (target.closest('#wishlist-create-dialog [data-close]')) createDialog()?.close();
  });
}
