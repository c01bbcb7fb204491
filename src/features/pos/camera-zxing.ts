import { BarcodeFormat, BrowserMultiFormatOneDReader } from '@zxing/browser';
import { ChecksumException, DecodeHintType, FormatException, NotFoundException } from '@zxing/library';
import type { CameraFormat, Decoder } from './camera';

/**
 * The camera's decoder where the browser has no BarcodeDetector (desktop Chrome on Linux and Windows, Firefox,
 * Safari on iPad): ZXing's one-dimensional readers in JavaScript. Only ever loaded by camera.ts's dynamic import
 * when the camera is opened, so the till's first load and every shopper page are without it.
 */

const FORMATS: Record<CameraFormat, BarcodeFormat> = {
  ean_13: BarcodeFormat.EAN_13,
  ean_8: BarcodeFormat.EAN_8,
  upc_a: BarcodeFormat.UPC_A,
  upc_e: BarcodeFormat.UPC_E,
  code_128: BarcodeFormat.CODE_128,
};

const NAMES = new Map(Object.entries(FORMATS).map(([name, format]) => [format, name]));

/** A frame with no code in it, or one read badly: nothing this time, the next look tries again. */
const nothingRead = (error: unknown) => error instanceof NotFoundException || error instanceof ChecksumException || error instanceof FormatException;

export function zxingDecoder(formats: readonly CameraFormat[]): Decoder {
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, formats.map((format) => FORMATS[format])]]);
  const reader = new BrowserMultiFormatOneDReader(hints);
  let canvas: HTMLCanvasElement | null = null;
  return {
    kind: 'zxing',
    async detect(video) {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height) return [];
      canvas ??= document.createElement('canvas');
      if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
      canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0, width, height);
      try {
        const result = reader.decodeFromCanvas(canvas);
        return [{ rawValue: result.getText(), format: NAMES.get(result.getBarcodeFormat()) ?? '' }];
      } catch (error) {
        if (nothingRead(error)) return [];
        throw error;
      }
    },
  };
}
