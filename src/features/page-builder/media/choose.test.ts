import { describe, expect, it } from 'vitest';
import { pickedImage } from './choose';

const item = { url: '/media/12/sale-1600.webp', alt: 'Summer sale: up to 30% off' };

describe('pickedImage', () => {
  it('puts the image url in the field and leaves alt alone when the form has none', () => {
    expect(pickedImage(item)).toEqual({ url: '/media/12/sale-1600.webp' });
  });
  it('offers the image alt when the form alt is empty (or blank or null)', () => {
    expect(pickedImage(item, '')).toEqual({ url: item.url, alt: item.alt });
    expect(pickedImage(item, '   ')).toEqual({ url: item.url, alt: item.alt });
    expect(pickedImage(item, null)).toEqual({ url: item.url, alt: item.alt });
  });
  it('never overwrites an alt the marketer wrote', () => {
    expect(pickedImage(item, 'Mangoes are here')).toEqual({ url: item.url });
  });
  it('does not fill an empty alt with an empty one', () => {
    expect(pickedImage({ url: item.url, alt: ' ' }, '')).toEqual({ url: item.url });
  });
});
