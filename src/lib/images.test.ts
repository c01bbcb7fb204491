import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIZES, sizeImage, sizeSvg } from './image-sizes.mjs';
import { IMAGE_SIZES, imageSrc, imageUrl, NO_IMAGE, parseImageBase } from './images';

describe('image addresses', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('without a base: a path of this site at medium by default, under /medium; full has no prefix', () => {
    vi.stubEnv('IMAGE_BASE_URL', '');
    expect(imageSrc('/demo/products/atta-1.svg')).toBe('/medium/demo/products/atta-1.svg');
    expect(imageUrl('/demo/banners/wide.svg', 'full')).toBe('/demo/banners/wide.svg');
    expect(imageSrc('/demo/products/atta-1.svg', NO_IMAGE, 'full')).toBe('/demo/products/atta-1.svg');
  });

  it('with IMAGE_BASE_URL: base, then the size prefix (none for full), then the path', () => {
    vi.stubEnv('IMAGE_BASE_URL', 'https://cdn.example.com/shop/');
    expect(imageSrc('/demo/products/atta-1.svg')).toBe('https://cdn.example.com/shop/medium/demo/products/atta-1.svg');
    expect(imageUrl('/demo/banners/wide.svg', 'full')).toBe('https://cdn.example.com/shop/demo/banners/wide.svg');
  });

  it("gives a media library file at a size as the library's own file of that width, never under a size prefix", () => {
    const key = 'a1b2c3d4e5f6a7b8c9d0e1f2';
    expect(imageUrl(`/media/${key}-1920.webp`)).toBe(`/media/${key}-480.webp`);
    expect(imageUrl(`/media/${key}-1200.webp`, 'medium')).toBe(`/media/${key}-480.webp`);
    expect(imageUrl(`/media/${key}-1920.webp`, 'full')).toBe(`/media/${key}-1920.webp`);
    // An image narrower than the medium width has only its own file.
    expect(imageUrl(`/media/${key}-300.webp`)).toBe(`/media/${key}-300.webp`);
    // Another path under /media/ is not the library's: it is sized as any path of this site.
    expect(imageUrl('/media/banner.png')).toBe('/medium/media/banner.png');
  });

  it('leaves an http(s) address as it is, and gives the unprefixed placeholder for none or an unsafe one', () => {
    for (const base of ['', 'https://cdn.example.com']) {
      vi.stubEnv('IMAGE_BASE_URL', base);
      expect(imageSrc('https://photos.example/a.jpg')).toBe('https://photos.example/a.jpg');
      expect(imageSrc(null)).toBe(NO_IMAGE);
      expect(imageSrc('javascript:alert(1)')).toBe(NO_IMAGE);
      expect(imageSrc('//evil.example/a.png')).toBe(NO_IMAGE);
      expect(imageUrl('')).toBeNull();
    }
  });

  it('takes only an https base with a host and no query', () => {
    expect(parseImageBase(undefined)).toBe('');
    expect(parseImageBase('https://cdn.example.com')).toBe('https://cdn.example.com');
    expect(parseImageBase('https://cdn.example.com/shop//')).toBe('https://cdn.example.com/shop');
    // src/server/config.test.ts: the shop refuses to start with any of these.
    for (const bad of ['http://cdn.example.com', 'cdn.example.com', '/images', 'https://cdn.example.com/?v=1', 'https://user:pw@cdn.example.com', 'javascript:alert(1)']) {
      expect(parseImageBase(bad), bad).toBeNull();
    }
  });
});

describe("the shop's own image sizes", () => {
  it('are the sizes the addresses name', () => expect(SIZES).toEqual(IMAGE_SIZES));

  it('resize a photograph to the medium width in its own format, and never enlarge one', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#15803d' } }).jpeg().toBuffer();
    const medium = await sharp(await sizeImage(photo, 'a.jpg', IMAGE_SIZES.medium)).metadata();
    expect(medium).toMatchObject({ format: 'jpeg', width: 480, height: 320 });
    const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#eeeeee' } }).png().toBuffer();
    expect(await sharp(await sizeImage(small, 'b.png', IMAGE_SIZES.medium)).metadata()).toMatchObject({ format: 'png', width: 64 });
  });

  it('declare a drawing at the medium width, its height in proportion, the drawing unchanged', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 200" width="1200" height="200"><rect width="1200" height="200" fill="#15803d"/></svg>';
    const sized = sizeSvg(svg, 480);
    expect(sized).toBe('<svg width="480" height="80" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 200"><rect width="1200" height="200" fill="#15803d"/></svg>');
    expect(await sharp(Buffer.from(sized)).metadata()).toMatchObject({ format: 'svg', width: 480, height: 80 });
    expect(sizeSvg('<svg width="240" height="120"><g/></svg>', 480)).toBe('<svg width="480" height="240" viewBox="0 0 240 120"><g/></svg>');
  });
});
