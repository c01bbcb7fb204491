import { atom } from 'nanostores';
import type { WedgeScan } from './wedge';

/**
 * Scanning with the tablet's camera (docs/pos-client.md#camera): the camera's stream, a decoder (the browser's
 * BarcodeDetector where it reads the shop's formats, else ZXing, loaded only when the camera is opened), a look at
 * the video every few milliseconds, and each new code handed to the till as a scan, the same scan a USB scanner
 * makes. Everything here is plain functions and one session object with injected parts, tested without a camera
 * or a DOM; the dialog (CameraScan.tsx) only draws `$state` and calls `open` and `close`.
 */

/**
 * What the camera reads: what grocery packs carry (EAN-13, EAN-8, UPC-A, UPC-E) and Code 128 (shop and wholesaler
 * labels), named as the Barcode Detection API names them. QR codes are left out: a UPI QR on the counter is no pack.
 */
export const CAMERA_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'] as const;
export type CameraFormat = (typeof CAMERA_FORMATS)[number];

export const CAMERA = {
  /**
   * A code seen again within this long of its last sighting is the same pack still in view: not added again.
   * Held in view for a minute it is still added once; a second pack of the same kind is added after the first has
   * been out of view this long (or with + on the ticket).
   */
  repeatWindowMs: 2000,
  /** Between two looks at the video: the browser's detector is quick; ZXing in JavaScript takes tens of ms a frame. */
  nativeEveryMs: 100,
  zxingEveryMs: 200,
  /** A code as the wedge takes one: 6 to 64 printable characters (wedge.ts's WEDGE). */
  minLength: 6,
  maxLength: 64,
} as const;

/** The back camera if there is one (a tablet's front camera faces the cashier), at a size that resolves bars. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** Remembers the codes seen in the last `windowMs`, so one pack held in view is one scan. */
export function createRepeatGuard(windowMs: number = CAMERA.repeatWindowMs) {
  const lastSeen = new Map<string, number>();
  return {
    /** True when `code` is new (not seen within the window); every sighting restarts its window. */
    accept(code: string, at: number): boolean {
      for (const [seen, when] of lastSeen) if (at - when > windowMs) lastSeen.delete(seen); // bounded: a few codes
      const repeat = lastSeen.has(code);
      lastSeen.set(code, at);
      return !repeat;
    },
  };
}

/** One code in a frame, as the Barcode Detection API reports it (ZXing's are named the same way). */
interface Detection {
  rawValue: string;
  format: string;
}

/**
 * UPC-E (8 digits: number system, six, check digit) written out as the UPC-A it stands for; null when it is no
 * UPC-E. The check digit is the same for both.
 */
export function upcEToUpcA(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const [ns, d1, d2, d3, d4, d5, d6, check] = [...code] as [string, string, string, string, string, string, string, string];
  const middle =
    d6 <= '2' ? `${d1}${d2}${d6}0000${d3}${d4}${d5}` : d6 === '3' ? `${d1}${d2}${d3}00000${d4}${d5}` : d6 === '4' ? `${d1}${d2}${d3}${d4}00000${d5}` : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${ns}${middle}${check}`;
}

/**
 * A code the camera read, as the till takes it, or null for what no wedge would send (fewer than 6 or more than 64
 * characters, a control character such as GS1's separator). The shop keeps EAN-13 barcodes only (the back office
 * refuses others), so a UPC-A is read as the EAN-13 it is (a leading 0) and a UPC-E as its UPC-A's EAN-13: found
 * on the device and, online, by the shop's barcode call, which takes 13 digits. A USB scanner does the same when it
 * is set to send UPC as EAN-13 (docs/pos-client.md#hardware). EAN-13, EAN-8 and Code 128 are taken as read.
 */
export function cameraCode(raw: string, format = ''): string | null {
  const read = raw.trim();
  const upcA = format === 'upc_e' ? upcEToUpcA(read) : format === 'upc_a' && /^\d{12}$/.test(read) ? read : null;
  const code = upcA ? `0${upcA}` : read;
  if (code.length < CAMERA.minLength || code.length > CAMERA.maxLength) return null;
  return /^[\x20-\x7e]+$/.test(code) ? code : null; // a GS1 separator or any control character: not a pack's code
}

/**
 * Turns one look's detections into at most one scan: the first code that is a pack's code and new to the guard.
 * A second new code in the same frame waits for the next look. The scan is the wedge's, typed into no field, so
 * the till adds it by the very path a USB scan takes.
 */
export function detectionToScan(detections: readonly Detection[], guard: ReturnType<typeof createRepeatGuard>, at: number): WedgeScan | null {
  for (const { rawValue, format } of detections) {
    const code = cameraCode(rawValue, format);
    if (code && guard.accept(code, at)) return { code, typedIntoField: false };
  }
  return null;
}

/** Reads the codes in one frame of the video; `kind` says which decoder it is. */
export interface Decoder {
  kind: 'native' | 'zxing';
  detect(source: HTMLVideoElement): Promise<Detection[]>;
}

/** The Barcode Detection API as far as the till uses it (not in TypeScript's DOM types). */
export interface DetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<Detection[]> };
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The decoder: the browser's BarcodeDetector when it exists and reads EAN-13 (Chrome on Android, ChromeOS and
 * macOS), with the shop's formats it supports; else ZXing, brought by `loadZxing` (a dynamic import,
 * so its code is fetched only now, never with the till's first load).
 */
export async function chooseDecoder({ Detector, loadZxing }: { Detector?: DetectorClass; loadZxing: () => Promise<(formats: readonly CameraFormat[]) => Decoder> }): Promise<Decoder> {
  if (Detector) {
    const supported = await Promise.resolve()
      .then(() => Detector.getSupportedFormats())
      .catch(() => [] as string[]);
    const formats = CAMERA_FORMATS.filter((format) => supported.includes(format));
    if (formats.includes('ean_13')) {
      const detector = new Detector({ formats });
      return { kind: 'native', detect: async (source) => (await detector.detect(source)).map(({ rawValue, format }) => ({ rawValue, format })) };
    }
  }
  const zxing = await loadZxing();
  return zxing(CAMERA_FORMATS);
}

/** Why the camera is not scanning; the button and the dialog say so. */
type CameraTrouble = 'refused' | 'none' | 'busy' | 'insecure' | 'reader' | 'failed';

export const TROUBLE: Record<CameraTrouble, { button: string; message: string }> = {
  refused: {
    button: 'Camera refused',
    message: "The camera was refused. Allow it for this site in the browser's settings (the icon by the address), then try again. The USB scanner and the search still work.",
  },
  none: { button: 'No camera', message: 'No camera was found on this device. Use the USB scanner or the search.' },
  busy: { button: 'Camera busy', message: 'The camera is in use by another app or tab: close that, then try again.' },
  insecure: { button: 'No camera', message: 'The browser offers no camera here: the till must be opened over HTTPS.' },
  reader: { button: 'Camera', message: 'The barcode reader could not be loaded (it is fetched the first time the camera is opened): try again once online.' },
  failed: { button: 'Camera failed', message: 'The camera could not be started. Try again, or use the USB scanner or the search.' },
};

/** The trouble a failed getUserMedia means, by its DOMException's name. */
export function cameraTrouble(error: unknown): CameraTrouble {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'none';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** The label of the camera button: "Camera", or what went wrong the last time. */
export const cameraButtonLabel = (trouble: CameraTrouble | null) => (trouble ? TROUBLE[trouble].button : 'Camera');

interface CameraState {
  status: 'closed' | 'starting' | 'scanning' | 'trouble';
  /** The last trouble, kept after the dialog closes so the button says it; cleared by a camera that starts. */
  trouble: CameraTrouble | null;
  decoder: Decoder['kind'] | null;
  /** The last code read while open, whether its pack was added, and a number that changes with every read. */
  read: { code: string; added: boolean; seq: number } | null;
}

/** The video element as the session needs it (a test passes a stand-in). */
export interface VideoLike {
  srcObject: MediaProvider | null;
  readonly readyState: number;
  play(): Promise<void>;
}

/** Stops every track of a stream: the camera's light goes off. */
function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame to look at. */
const HAVE_CURRENT_DATA = 2;

interface CameraParts {
  /** `navigator.mediaDevices` (undefined outside a secure context). */
  media: () => Pick<MediaDevices, 'getUserMedia'> | undefined;
  decoder: () => Promise<Decoder>;
  /** Adds the pack of a scan; answers whether it was found. */
  onScan: (scan: WedgeScan) => Promise<boolean>;
  /** A beep and the like, after each scan. */
  confirm?: (added: boolean) => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * The camera while its dialog is open: `open(video)` starts the stream (back camera preferred) and looks at the
 * video until `close()`, which stops the camera's tracks. Opened twice, the first is closed; closed while still
 * starting, the stream that arrives late is stopped at once. A code is added once while it stays in view, across
 * a close and an opening too.
 */
export function createCameraSession(parts: CameraParts) {
  const now = parts.now ?? (() => performance.now());
  const setTimer = parts.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = parts.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const $state = atom<CameraState>({ status: 'closed', trouble: null, decoder: null, read: null });
  let turn = 0;
  let stream: MediaStream | null = null;
  let shown: VideoLike | null = null;
  let timer: unknown = null;
  let seq = 0;
  // One guard for the session, not one an opening: a pack still in view when the camera is opened again straight
  // after a read is the same pack.
  const guard = createRepeatGuard();

  const troubled = (trouble: CameraTrouble) => {
    stopStream(stream);
    stream = null;
    $state.set({ status: 'trouble', trouble, decoder: null, read: null });
  };

  function close() {
    turn += 1;
    if (timer !== null) clearTimer(timer);
    timer = null;
    stopStream(stream);
    stream = null;
    if (shown) shown.srcObject = null;
    shown = null;
    const { trouble } = $state.get();
    $state.set({ status: 'closed', trouble, decoder: null, read: null });
  }

  async function open(video: VideoLike) {
    close();
    const mine = turn;
    $state.set({ status: 'starting', trouble: null, decoder: null, read: null });
    const media = parts.media();
    if (!media?.getUserMedia) return troubled('insecure');
    let got: MediaStream;
    try {
      got = await media.getUserMedia(CAMERA_CONSTRAINTS);
    } catch (error) {
      if (mine === turn) troubled(cameraTrouble(error));
      return;
    }
    if (mine !== turn) return stopStream(got); // closed while the browser asked
    stream = got;
    shown = video;
    video.srcObject = got;
    await video.play().catch(() => undefined); // muted and inline: plays; a refusal only delays the first frame
    let decoder: Decoder;
    try {
      decoder = await parts.decoder();
    } catch {
      if (mine === turn) troubled('reader');
      return;
    }
    if (mine !== turn) return;
    $state.set({ status: 'scanning', trouble: null, decoder: decoder.kind, read: null });
    const every = decoder.kind === 'native' ? CAMERA.nativeEveryMs : CAMERA.zxingEveryMs;
    const look = async () => {
      timer = null;
      if (mine !== turn) return;
      const codes = video.readyState >= HAVE_CURRENT_DATA ? await decoder.detect(video as HTMLVideoElement).catch(() => []) : [];
      if (mine !== turn) return;
      const scan = detectionToScan(codes, guard, now());
      if (scan) {
        const added = await parts.onScan(scan).catch(() => false);
        parts.confirm?.(added);
        seq += 1;
        if (mine === turn) $state.set({ ...$state.get(), read: { code: scan.code, added, seq } });
      }
      if (mine === turn) timer = setTimer(() => void look(), every);
    };
    await look();
  }

  return { $state, open, close };
}

/** What `createBeeper` needs of the Web Audio API. */
type AudioLike = Pick<AudioContext, 'currentTime' | 'destination' | 'resume' | 'state' | 'createOscillator' | 'createGain'>;

/**
 * The till's beep: a short high tone when a pack is added, a low one when the code is not in the catalogue. The
 * audio context is made on the first `prime()` (call it from the tap that opens the camera: browsers let a page
 * sound only after a gesture); no Web Audio, no beep.
 */
export function createBeeper(makeContext: (() => AudioLike) | undefined) {
  let context: AudioLike | null = null;
  return {
    prime() {
      if (!makeContext) return;
      try {
        context ??= makeContext();
        if (context.state === 'suspended') void context.resume().catch(() => undefined);
      } catch {
        context = null;
      }
    },
    beep(added: boolean) {
      if (!context) return;
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.frequency.value = added ? 1760 : 330;
      volume.gain.value = 0.2;
      tone.connect(volume);
      volume.connect(context.destination);
      tone.start(context.currentTime);
      tone.stop(context.currentTime + (added ? 0.09 : 0.25));
    },
  };
}

/** The session as the till's screen uses it: the browser's camera, detector or ZXing, and its audio. */
export function browserCamera(onScan: (scan: WedgeScan) => Promise<boolean>) {
  const beeper = createBeeper(typeof AudioContext === 'undefined' ? undefined : () => new AudioContext());
  const session = createCameraSession({
    media: () => (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices),
    decoder: () =>
      chooseDecoder({
        Detector: (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector,
        loadZxing: () => import('./camera-zxing').then((zxing) => zxing.zxingDecoder),
      }),
    onScan,
    confirm: beeper.beep,
  });
  return {
    $state: session.$state,
    open(video: VideoLike) {
      beeper.prime();
      return session.open(video);
    },
    close: session.close,
  };
}
