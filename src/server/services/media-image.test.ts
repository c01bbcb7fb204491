import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefused, MEDIA_WIDTHS, prepareImage, sniffImage, widthsFor } from './media-image';

describe('judging an upload by its bytes', () => {
  it('knows JPEG, PNG and WebP by their magic numbers, and nothing else', async () => {
    const make = sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } });
    expect(sniffImage(await make.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await make.clone().png().toBuffer())).toBe('png');
    expect(sniffImage(await make.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImage(await make.clone().gif().toBuffer())).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('writes the widths the pages use, never wider than the image', () => {
    expect(MEDIA_WIDTHS).toEqual([480, 960, 1440, 1920]);
    expect(widthsFor(4000)).toEqual([480, 960, 1440, 1920]);
    expect(widthsFor(1920)).toEqual([480, 960, 1440, 1920]);
    expect(widthsFor(1000)).toEqual([480, 960, 1000]);
    expect(widthsFor(480)).toEqual([480]);
    expect(widthsFor(120)).toEqual([120]);
  });

  it('turns a photo upright by its EXIF orientation and keeps none of its metadata', async () => {
    // Stored 600 × 400 with orientation 6 (a quarter turn): upright it is 400 × 600.
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const prepared = await prepareImage(photo);
    expect(prepared).toMatchObject({ kind: 'jpeg', width: 400, height: 600 });
    expect(prepared.files.map((f) => [f.width, f.height])).toEqual([[400, 600]]);
    const meta = await sharp(prepared.files[0]!.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses what is not an image, with the status to answer', async () => {
    await expect(prepareImage(new TextEncoder().encode('#!/bin/sh'))).rejects.toMatchObject({ status: 415, message: 'This file is not a JPEG, PNG or WebP image' });
    const refused = await prepareImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageRefused);
    expect(refused).toMatchObject({ status: 400, message: 'This PNG image cannot be read: it may be damaged' });
  });
});
