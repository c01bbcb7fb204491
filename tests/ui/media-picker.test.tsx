// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../src/contract/page-builder';
import { MediaPicker } from '../../src/features/page-builder/media/MediaPicker';
import type { MediaApi } from '../../src/features/page-builder/media/store';

afterEach(cleanup);

const item = (id: number, alt: string): MediaItem => ({
  id,
  url: `/media/${String(id).padStart(24, 'a')}-960.webp`,
  srcset: `/media/${String(id).padStart(24, 'a')}-480.webp 480w, /media/${String(id).padStart(24, 'a')}-960.webp 960w`,
  widths: [480, 960],
  width: 960,
  height: 640,
  alt,
  filename: `${alt.toLowerCase().replace(/ /g, '-')}.png`,
  bytes: 1000,
  created_at: '2026-11-26T06:00:00.000Z',
  created_by: null,
  used_in: [],
});

function client(): MediaApi & { asked: (string | undefined)[] } {
  const asked: (string | undefined)[] = [];
  const all = [item(3, 'Ripe mangoes'), item(2, 'Green chillies'), item(1, 'Basmati rice')];
  return {
    asked,
    media: async (q) => {
      asked.push(q);
      return { data: q ? all.filter((i) => i.alt.toLowerCase().includes(q.toLowerCase())) : all };
    },
    uploadMedia: async () => item(4, 'New upload'),
    deleteMedia: async () => ({ message: 'Deleted' }),
    updateMediaAlt: async (id, alt) => ({ ...item(id, alt) }),
  };
}

describe('MediaPicker', () => {
  it('opens as a named dialog with the library; arrow keys move, and choosing a button (a click, or Enter on it) picks', async () => {
    const onPick = vi.fn();
    const api = client();
    render(<MediaPicker open onPick={onPick} onClose={() => {}} client={api} />);
    const dialog = screen.getByRole('dialog', { name: 'Choose an image' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const grid = await screen.findByRole('list', { name: 'Images: Enter picks one' });
    const buttons = await waitFor(() => {
      const found = grid.querySelectorAll('button');
      expect(found).toHaveLength(3);
      return [...found];
    });
    expect(buttons.map((b) => b.querySelector('img')?.getAttribute('alt'))).toEqual(['Ripe mangoes', 'Green chillies', 'Basmati rice']);
    // The arrow keys move through the images.
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.click(buttons[1]!);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2, alt: 'Green chillies' }));
  });

  it('searches as the marketer types, and Escape cancels', async () => {
    const onClose = vi.fn();
    const api = client();
    render(<MediaPicker open onPick={() => {}} onClose={onClose} client={api} />);
    fireEvent.change(screen.getByLabelText('Search images'), { target: { value: 'rice' } });
    await waitFor(() => expect(api.asked).toContain('rice'));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Images: Enter picks one' }).querySelectorAll('button')).toHaveLength(1));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers the upload only to those who may upload', () => {
    const { rerender } = render(<MediaPicker open onPick={() => {}} onClose={() => {}} client={client()} />);
    expect(screen.getByText('Upload a new image')).toBeTruthy();
    rerender(<MediaPicker open onPick={() => {}} onClose={() => {}} client={client()} canUpload={false} />);
    expect(screen.queryByText('Upload a new image')).toBeNull();
  });
});
