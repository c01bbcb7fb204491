import type { MediaItem } from '../../../contract/page-builder';

/**
 * What choosing an image from the library changes in a field and its neighbour: the image's `url` always; the alt
 * text only where the form has one (`currentAlt` is not undefined) and it is still empty, so words a marketer
 * wrote are never overwritten. `alt` is left out when nothing should change.
 */
export function pickedImage(item: Pick<MediaItem, 'url' | 'alt'>, currentAlt?: string | null): { url: string; alt?: string } {
  const fillAlt = currentAlt !== undefined && !(currentAlt ?? '').trim() && item.alt.trim() !== '';
  return fillAlt ? { url: item.url, alt: item.alt } : { url: item.url };
}
