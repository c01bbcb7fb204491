/**
 * Where the media library's files live (docs/configuration.md, "Media storage"), behind one interface: a folder under
 * the data directory (the default), or an S3-compatible bucket (MEDIA_S3_BUCKET) that several instances share. The
 * files are WebP, named `<key>-<width>.webp` with a random key, so a name is never reused and may be cached for ever.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { MediaStorageConfig } from '../config';

/** A stored file's name: the only names a store reads, writes or deletes (nothing else can reach its folder). */
const MEDIA_FILE = /^[a-f0-9]{24}-[0-9]{1,5}\.webp$/;
export const MEDIA_CONTENT_TYPE = 'image/webp';

export interface MediaStore {
  readonly kind: 'disk' | 's3';
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Uint8Array | null>;
  /** Deletes the file; a file that is not there is no error. */
  delete(name: string): Promise<void>;
  /** The address a browser fetches the file at: MEDIA_PUBLIC_URL's, or this site's /media/. */
  url(name: string): string;
}

/** A new image's key: 24 random hex digits. */
export const newMediaKey = () => randomBytes(12).toString('hex');
export const mediaFileName = (key: string, width: number) => `${key}-${width}.webp`;

function checked(name: string): string {
  if (!MEDIA_FILE.test(name)) throw new Error(`not a media file name: ${JSON.stringify(name.slice(0, 80))}`);
  return name;
}

const urlOf = (publicUrl: string, name: string) => (publicUrl ? `${publicUrl}/${name}` : `/media/${name}`);

/** Files in a folder; a file is written beside its place and renamed into it, so a reader never sees half of one. */
export function diskStore(dir: string, publicUrl = ''): MediaStore {
  const root = resolve(dir);
  const ready = mkdir(root, { recursive: true });
  return {
    kind: 'disk',
    async put(name, bytes) {
      await ready;
      const path = join(root, checked(name));
      const part = `${path}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(part, bytes);
      await rename(part, path);
    },
    async get(name) {
      if (!MEDIA_FILE.test(name)) return null;
      try {
        return await readFile(join(root, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(join(root, checked(name)), { force: true });
    },
    url: (name) => urlOf(publicUrl, checked(name)),
  };
}

type S3Settings = Extract<MediaStorageConfig, { kind: 's3' }>;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces …) through @aws-sdk/client-s3, loaded
 * only when a bucket is configured. Every call gives up after `timeoutMs` (MEDIA_S3_TIMEOUT_MS), and tries once more
 * at most. Files are written `public, max-age=31536000, immutable`, so a CDN in front of MEDIA_PUBLIC_URL keeps them.
 */
function s3Store(settings: S3Settings): MediaStore {
  const sdk = import('@aws-sdk/client-s3');
  const client = sdk.then(
    ({ S3Client }) =>
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        maxAttempts: 2,
        requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
      }),
  );
  const key = (name: string) => (settings.prefix ? `${settings.prefix}/${checked(name)}` : checked(name));
  const within = () => ({ abortSignal: AbortSignal.timeout(settings.timeoutMs) });
  return {
    kind: 's3',
    async put(name, bytes) {
      const { PutObjectCommand } = await sdk;
      await (await client).send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: key(name), Body: bytes, ContentType: MEDIA_CONTENT_TYPE, CacheControl: 'public, max-age=31536000, immutable' }),
        within(),
      );
    },
    async get(name) {
      if (!MEDIA_FILE.test(name)) return null;
      const { GetObjectCommand, NoSuchKey } = await sdk;
      try {
        const answer = await (await client).send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }), within());
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(name) {
      const { DeleteObjectCommand } = await sdk;
      await (await client).send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }), within());
    },
    url: (name) => urlOf(settings.publicUrl, checked(name)),
  };
}

const stores = new WeakMap<MediaStorageConfig, MediaStore>();

/** The store for a configuration, made once. */
export function mediaStoreFor(config: MediaStorageConfig): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = config.kind === 's3' ? s3Store(config) : diskStore(config.dir, config.publicUrl);
    stores.set(config, store);
  }
  return store;
}
