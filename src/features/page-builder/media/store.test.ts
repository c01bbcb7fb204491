import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../contract/page-builder';
import { ApiCallError } from '../../../lib/api/client';
import { createMediaLibrary, type MediaApi } from './store';

const item = (id: number, filename = `image-${id}.png`, used_in: string[] = []): MediaItem => ({
  id,
  url: `/media/${'a'.repeat(23)}${id}-960.webp`,
  srcset: '',
  widths: [480, 960],
  width: 960,
  height: 640,
  alt: `Image ${id}`,
  filename,
  bytes: 1000,
  created_at: '2026-11-26T06:00:00.000Z',
  created_by: null,
  used_in,
});

function fakeApi(over: Partial<MediaApi> = {}): MediaApi & { uploads: { name: string; alt: string }[] } {
  const uploads: { name: string; alt: string }[] = [];
  return {
    uploads,
    media: async () => ({ data: [item(2), item(1)] }),
    uploadMedia: async (_file, alt, filename = '') => {
      uploads.push({ name: filename, alt });
      return item(3, filename);
    },
    deleteMedia: async () => ({ message: 'Deleted' }),
    updateMediaAlt: async (id, alt) => ({ ...item(id), alt }),
    ...over,
  };
}
const png = (size = 100) => new File([new Uint8Array(size)], 'mango.png', { type: 'image/png' });

describe('a media library', () => {
  it('loads a search and drops an answer to an older one', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      media: async (q) => {
        if (q === 'old') await slow;
        return { data: q === 'old' ? [item(9)] : [item(1)] };
      },
    });
    const library = createMediaLibrary(api);
    const first = library.search('old');
    await library.search('new');
    release();
    await first;
    expect(library.$state.get()).toMatchObject({ q: 'new', loading: false });
    expect(library.$state.get().items.map((i) => i.id)).toEqual([1]);
  });

  it('uploads with the alt text trimmed and puts the new image first', async () => {
    const api = fakeApi();
    const library = createMediaLibrary(api);
    await library.search('');
    const uploaded = await library.upload(png(), '  Mangoes  ');
    expect(uploaded?.id).toBe(3);
    expect(api.uploads).toEqual([{ name: 'mango.png', alt: 'Mangoes' }]);
    expect(library.$state.get().items.map((i) => i.id)).toEqual([3, 2, 1]);
    expect(library.$state.get().report).toEqual({ tone: 'success', text: 'Uploaded mango.png' });
  });

  it('sends nothing without a file or alt text, and shows the API\'s refusal at its field', async () => {
    const api = fakeApi({
      uploadMedia: async () => {
        throw new ApiCallError(415, 'This file is not a JPEG, PNG or WebP image', { message: 'x', errors: { file: ['This file is not a JPEG, PNG or WebP image'] } });
      },
    });
    const library = createMediaLibrary(api);
    expect(await library.upload(null, '')).toBeNull();
    expect(library.$state.get().uploadErrors).toEqual({ file: 'Choose an image to upload', alt: 'Alt text is required' });
    expect(await library.upload(png(), 'Mangoes')).toBeNull();
    expect(library.$state.get()).toMatchObject({ uploading: null, uploadErrors: { file: 'This file is not a JPEG, PNG or WebP image' } });
  });

  it('reports a refused delete with the API\'s words and loads the list again', async () => {
    let loads = 0;
    const api = fakeApi({
      media: async () => {
        loads += 1;
        return { data: [item(1, 'mango.png', ['/summer-sale'])] };
      },
      deleteMedia: async () => {
        throw new ApiCallError(409, 'This image is used on /summer-sale', { message: 'This image is used on /summer-sale', used_in: ['/summer-sale'] });
      },
    });
    const library = createMediaLibrary(api);
    await library.search('');
    expect(await library.remove(item(1))).toBe(false);
    expect(library.$state.get().report).toEqual({ tone: 'error', text: 'This image is used on /summer-sale' });
    expect(loads).toBe(2);
  });

  it('takes a deleted image off the list', async () => {
    const library = createMediaLibrary(fakeApi());
    await library.search('');
    expect(await library.remove(item(2))).toBe(true);
    expect(library.$state.get().items.map((i) => i.id)).toEqual([1]);
  });
});
