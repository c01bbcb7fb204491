import { describe, expect, it } from 'vitest';
import { closeMarker, openMarker, readParts, splitPage } from './personal-page';

const part = (id: number, html: string) => `${openMarker(id)}${html}${closeMarker(id)}`;

describe('a page split at its personal parts', () => {
  it('keeps the text between the parts and each part with what the render recorded for it, in page order', () => {
    const html = `<header>${part(1, 'Login')}</header><main>${part(0, '<form>Add</form>')}</main>`;
    expect(splitPage(html, ['stepper', 'account'])).toEqual({
      segments: ['<header>', '</header><main>', '</main>'],
      holes: [
        { part: 'account', html: 'Login' },
        { part: 'stepper', html: '<form>Add</form>' },
      ],
    });
  });

  it('is not split when the markers do not pair up: a part inside a part, no end, an end alone, a part not recorded', () => {
    for (const html of [part(0, `a${part(1, 'b')}`), `${openMarker(0)}a`, `a${closeMarker(0)}`, part(5, 'x')]) {
      expect(splitPage(html, ['p', 'q']), html).toBeUndefined();
    }
  });

  it('reads a personal render’s parts by their index, ignoring anything around them', () => {
    expect(readParts(`x${part(2, 'Asha')}y${part(0, '3')}`)).toEqual(new Map([[2, 'Asha'], [0, '3']]));
  });
});
