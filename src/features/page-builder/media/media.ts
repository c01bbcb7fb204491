/**
 * The media library's pure logic (docs/page-builder.md#media-library): what the screens say about an image, what
 * they check before an upload, and how the arrow keys move through the grid. No React, no fetch: tested alone.
 */
import { MEDIA_ALT_MAX, MEDIA_MAX_BYTES } from '../../../contract/media-rules';
import type { MediaItem } from '../../../contract/page-builder';

/** '820 KB', '4.2 MB': a file's size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** '1600 × 900 px, 820 KB'. */
export const sizeText = (item: Pick<MediaItem, 'width' | 'height' | 'bytes'>) => `${item.width} × ${item.height} px, ${formatBytes(item.bytes)}`;

/** 'Used on /summer-sale and Popup' or 'Not used anywhere'. */
export function usedInText(usedIn: readonly string[]): string {
  if (usedIn.length === 0) return 'Not used anywhere';
  const list = usedIn.length === 1 ? usedIn[0] : `${usedIn.slice(0, -1).join(', ')} and ${usedIn[usedIn.length - 1]}`;
  return `Used on ${list}`;
}

/**
 * What the delete button asks, or why it cannot: an image in use is not deleted (the API refuses it too), and the
 * dialog says where it is used so it can be taken out there first.
 */
export function deleteQuestion(item: Pick<MediaItem, 'filename' | 'used_in'>): { canDelete: boolean; title: string; message: string } {
  if (item.used_in.length) {
    return {
      canDelete: false,
      title: 'This image is in use',
      message: `${item.filename} cannot be deleted: it is used on ${item.used_in.join(', ')}. Take it out there first.`,
    };
  }
  return { canDelete: true, title: 'Delete this image?', message: `${item.filename} and all its sizes will be deleted. This cannot be undone.` };
}

/** What the browser can tell before sending: a chosen file no larger than 5 MB, and an alt text. The API judges the bytes. */
export function uploadProblems(file: { size: number } | null, alt: string): { file?: string; alt?: string } {
  const problems: { file?: string; alt?: string } = {};
  if (!file) problems.file = 'Choose an image to upload';
  else if (file.size > MEDIA_MAX_BYTES) problems.file = `This file is ${formatBytes(file.size)}: an image may be at most ${formatBytes(MEDIA_MAX_BYTES)}`;
  else if (file.size === 0) problems.file = 'This file is empty';
  if (!alt.trim()) problems.alt = 'Alt text is required';
  else if (alt.trim().length > MEDIA_ALT_MAX) problems.alt = `Alt text is too long (at most ${MEDIA_ALT_MAX} characters)`;
  return problems;
}

/** An alt text from a file name, to start from: 'summer-sale_banner.jpg' → 'summer sale banner'. */
export const altFromFilename = (name: string) =>
  name
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MEDIA_ALT_MAX);

/**
 * Where the focus goes in a grid of `count` cells, `columns` wide, from `index` on a key: arrows by one or by a
 * row, Home and End to the first and last; null for any other key (the browser does its own thing).
 */
export function gridMove(key: string, index: number, count: number, columns: number): number | null {
  const cols = Math.max(1, columns);
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return index + cols <= last ? index + cols : index;
    case 'ArrowUp':
      return index - cols >= 0 ? index - cols : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** The smallest width of an image's srcset, for a thumbnail: its first entry ('/media/x-480.webp 480w, …'). */
export const thumbnailOf = (item: Pick<MediaItem, 'srcset' | 'url'>) => item.srcset.split(',')[0]?.trim().split(/\s+/)[0] || item.url;
