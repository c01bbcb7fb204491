import { describe, expect, it } from 'vitest';
import { CAMERA_FORMATS } from './camera';
import { greyLevels, oneDReader } from './camera-zxing';

/** The modules (1 a bar, 0 a space) of an EAN-13: start, six left digits in the first digit's parity, centre, six right, end. */
function ean13Modules(code: string): string {
  const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
  const R = L.map((bits) => [...bits].map((b) => (b === '1' ? '0' : '1')).join(''));
  const G = R.map((bits) => [...bits].reverse().join(''));
  const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === 'L' ? L[d]! : G[d]!)).join('');
  return `101${left}01010${digits.slice(7).map((d) => R[d]!).join('')}101`;
}

/** A grey frame of `width` × 60 with the modules drawn `scale` pixels wide, centred, dark on light. */
function frame(modules: string, width = 640, scale = 4) {
  const height = 60;
  const grey = new Uint8ClampedArray(width * height).fill(230);
  const x0 = Math.floor((width - modules.length * scale) / 2);
  for (let y = 0; y < height; y++) for (let m = 0; m < modules.length; m++) if (modules[m] === '1') grey.fill(20, y * width + x0 + m * scale, y * width + x0 + (m + 1) * scale);
  return { grey, width, height };
}

describe("ZXing's one-dimensional reader", () => {
  const read = oneDReader(CAMERA_FORMATS);

  it('reads an EAN-13 with its format', () => {
    const { grey, width, height } = frame(ean13Modules('8901030865237'));
    expect(read(grey, width, height)).toEqual([{ rawValue: '8901030865237', format: 'ean_13' }]);
  });

  it('reads an EAN-13 that starts with 0 as the UPC-A it is (camera.ts makes it 13 digits again)', () => {
    const { grey, width, height } = frame(ean13Modules('0042100005264'));
    expect(read(grey, width, height)).toEqual([{ rawValue: '042100005264', format: 'upc_a' }]);
  });

  it('reads nothing in a frame without bars, or with the check digit wrong', () => {
    const blank = new Uint8ClampedArray(640 * 60).fill(200);
    expect(read(blank, 640, 60)).toEqual([]);
    const { grey, width, height } = frame(ean13Modules('8901030865238'));
    expect(read(grey, width, height)).toEqual([]);
  });

  it('only reads the formats it was given', () => {
    const { grey, width, height } = frame(ean13Modules('8901030865237'));
    expect(oneDReader(['code_128'])(grey, width, height)).toEqual([]);
  });
});

describe('grey levels of a canvas frame', () => {
  it('weighs red, green and blue as the eye does, one level a pixel', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]);
    expect([...greyLevels(rgba)]).toEqual([255, 0, 76, 149, 28]);
  });
});
