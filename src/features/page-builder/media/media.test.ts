import { describe, expect, it } from 'vitest';
import { altFromFilename, deleteQuestion, formatBytes, gridMove, sizeText, thumbnailOf, uploadProblems, usedInText } from './media';

describe('the media library in words', () => {
  it('says sizes as people read them', () => {
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB');
    expect(sizeText({ width: 1600, height: 900, bytes: 820 * 1024 })).toBe('1600 × 900 px, 820 KB');
  });

  it('says where an image is used', () => {
    expect(usedInText([])).toBe('Not used anywhere');
    expect(usedInText(['/summer-sale'])).toBe('Used on /summer-sale');
    expect(usedInText(['/', '/summer-sale', 'Popup'])).toBe('Used on /, /summer-sale and Popup');
  });

  it('refuses to delete an image in use, and says where', () => {
    expect(deleteQuestion({ filename: 'mango.jpg', used_in: ['/summer-sale', 'Popup'] })).toEqual({
      canDelete: false,
      title: 'This image is in use',
      message: 'mango.jpg cannot be deleted: it is used on /summer-sale, Popup. Take it out there first.',
    });
    expect(deleteQuestion({ filename: 'mango.jpg', used_in: [] })).toMatchObject({ canDelete: true, title: 'Delete this image?' });
  });

  it('checks a file and its alt text before sending', () => {
    expect(uploadProblems(null, '')).toEqual({ file: 'Choose an image to upload', alt: 'Alt text is required' });
    expect(uploadProblems({ size: 6 * 1024 * 1024 }, 'Mangoes').file).toBe('This file is 6.0 MB: an image may be at most 5.0 MB');
    expect(uploadProblems({ size: 0 }, 'Mangoes').file).toBe('This file is empty');
    expect(uploadProblems({ size: 1000 }, 'x'.repeat(201)).alt).toBe('Alt text is too long (at most 200 characters)');
    expect(uploadProblems({ size: 1000 }, 'Mangoes')).toEqual({});
  });

  it('starts the alt text from the file name', () => {
    expect(altFromFilename('summer-sale_banner.final.jpg')).toBe('summer sale banner final');
  });

  it('takes the smallest width for a thumbnail', () => {
    expect(thumbnailOf({ srcset: '/media/a-480.webp 480w, /media/a-960.webp 960w', url: '/media/a-960.webp' })).toBe('/media/a-480.webp');
    expect(thumbnailOf({ srcset: '', url: '/media/a-300.webp' })).toBe('/media/a-300.webp');
  });
});

describe('the arrow keys in a grid', () => {
  it('move by one, by a row, to the ends, and stay inside', () => {
    // 7 cells, 3 a row: 0 1 2 / 3 4 5 / 6
    expect(gridMove('ArrowRight', 2, 7, 3)).toBe(3);
    expect(gridMove('ArrowRight', 6, 7, 3)).toBe(6);
    expect(gridMove('ArrowLeft', 0, 7, 3)).toBe(0);
    expect(gridMove('ArrowDown', 1, 7, 3)).toBe(4);
    expect(gridMove('ArrowDown', 4, 7, 3)).toBe(4);
    expect(gridMove('ArrowUp', 6, 7, 3)).toBe(3);
    expect(gridMove('ArrowUp', 1, 7, 3)).toBe(1);
    expect(gridMove('Home', 5, 7, 3)).toBe(0);
    expect(gridMove('End', 1, 7, 3)).toBe(6);
    expect(gridMove('Enter', 1, 7, 3)).toBeNull();
  });
});
