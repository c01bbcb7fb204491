// ZXing's own modules, one by one: its package index brings every reader and writer it has (QR, PDF417, Aztec …,
// about 120 KB gzipped, none of it removable by the bundler); these are the one-dimensional readers only.
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat';
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import ChecksumException from '@zxing/library/esm/core/ChecksumException';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import FormatException from '@zxing/library/esm/core/FormatException';
import NotFoundException from '@zxing/library/esm/core/NotFoundException';
import MultiFormatOneDReader from '@zxing/library/esm/core/oned/MultiFormatOneDReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import type { CameraFormat, Decoder } from './camera';

/**
 * The camera's decoder where the browser has no BarcodeDetector (desktop Chrome on Linux and Windows, Firefox,
 * Safari): ZXing's one-dimensional readers in JavaScript (`@zxing/library`). Only ever loaded by camera.ts's dynamic
 * import when the camera is opened, so the till's first load and every shopper page are without it.
 */

const FORMATS: Record<CameraFormat, BarcodeFormat> = {
  ean_13: BarcodeFormat.EAN_13,
  ean_8: BarcodeFormat.EAN_8,
  upc_a: BarcodeFormat.UPC_A,
  upc_e: BarcodeFormat.UPC_E,
  code_128: BarcodeFormat.CODE_128,
};
const NAMES = new Map(Object.entries(FORMATS).map(([name, format]) => [format, name] as const));

/** A frame with no code in it, or one read badly: nothing this time, the next look tries again. */
const nothingRead = (error: unknown) => error instanceof NotFoundException || error instanceof ChecksumException || error instanceof FormatException;

/** The grey level of each pixel of an RGBA frame (canvas ImageData), as ZXing reads it: 0.30 R + 0.59 G + 0.11 B. */
export function greyLevels(rgba: Uint8ClampedArray): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(rgba.length / 4);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) grey[i] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
  return grey;
}

/** Reads the one-dimensional barcode in a frame of grey levels: the code and its format, or nothing. */
export function oneDReader(formats: readonly CameraFormat[]) {
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, formats.map((format) => FORMATS[format])]]);
  const reader = new MultiFormatOneDReader(hints);
  return (grey: Uint8ClampedArray, width: number, height: number) => {
    try {
      const result = reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height))), hints);
      return [{ rawValue: result.getText(), format: NAMES.get(result.getBarcodeFormat()) ?? '' }];
    } catch (error) {
      if (nothingRead(error)) return [];
      throw error;
    }
  };
}

export function zxingDecoder(formats: readonly CameraFormat[]): Decoder {
  const read = oneDReader(formats);
  let canvas: HTMLCanvasElement | null = null;
  return {
    kind: 'zxing',
    async detect(video) {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height) return [];
      canvas ??= document.createElement('canvas');
      if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return [];
      context.drawImage(video, 0, 0, width, height);
      return read(greyLevels(context.getImageData(0, 0, width, height).data), width, height);
    },
  };
}
