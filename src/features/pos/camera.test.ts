import { describe, expect, it, vi } from 'vitest';
import {
  CAMERA,
  CAMERA_CONSTRAINTS,
  CAMERA_FORMATS,
  cameraButtonLabel,
  cameraCode,
  cameraTrouble,
  chooseDecoder,
  createBeeper,
  createCameraSession,
  createRepeatGuard,
  detectionToScan,
  upcEToUpcA,
  type Decoder,
  type DetectorClass,
  type VideoLike,
} from './camera';
import type { WedgeScan } from './wedge';

describe('the repeat guard', () => {
  it('takes a code once while it stays in view, and again after it was out of view for the window', () => {
    const guard = createRepeatGuard(2000);
    expect(guard.accept('8901030865237', 0)).toBe(true);
    // Seen every 100 ms for 5 s: one pack held in front of the camera.
    const held = Array.from({ length: 50 }, (_, i) => guard.accept('8901030865237', 100 + i * 100));
    expect(held.every((accepted) => !accepted)).toBe(true);
    // Out of view for 2 s exactly: still the same sighting; a moment longer: a new pack.
    expect(guard.accept('8901030865237', 5000 + 2000)).toBe(false);
    expect(guard.accept('8901030865237', 7000 + 2001)).toBe(true);
  });

  it('keeps codes apart: another code is new at once', () => {
    const guard = createRepeatGuard(2000);
    expect(guard.accept('8901030865237', 0)).toBe(true);
    expect(guard.accept('8901725181222', 50)).toBe(true);
    expect(guard.accept('8901030865237', 100)).toBe(false);
  });

  it('defaults to the camera window', () => {
    const guard = createRepeatGuard();
    expect(CAMERA.repeatWindowMs).toBe(2000);
    expect(guard.accept('12345678', 0)).toBe(true);
    expect(guard.accept('12345678', CAMERA.repeatWindowMs)).toBe(false);
  });
});

const ean = (rawValue: string) => ({ rawValue, format: 'ean_13' });

describe('a detection turned into a scan', () => {
  it('is the wedge scan of the first new code, typed into no field', () => {
    const guard = createRepeatGuard();
    expect(detectionToScan([ean(' 8901030865237 ')], guard, 0)).toEqual<WedgeScan>({ code: '8901030865237', typedIntoField: false });
    expect(detectionToScan([ean('8901030865237')], guard, 100)).toBeNull();
    // Two codes in one frame: the one already seen is passed over, the new one taken.
    expect(detectionToScan([ean('8901030865237'), { rawValue: '40012345', format: 'ean_8' }], guard, 200)).toEqual({ code: '40012345', typedIntoField: false });
    expect(detectionToScan([], guard, 300)).toBeNull();
  });

  it('reads UPC-A and UPC-E as the EAN-13 the shop keeps; EAN-8 and Code 128 as they are', () => {
    expect(cameraCode('042100005264', 'upc_a')).toBe('0042100005264');
    expect(cameraCode('04252614', 'upc_e')).toBe('0042100005264');
    expect(cameraCode('40012345', 'ean_8')).toBe('40012345');
    expect(cameraCode('SHOP-00017', 'code_128')).toBe('SHOP-00017');
    // The same pack printed as UPC-E on one side and UPC-A on the other is one scan.
    const guard = createRepeatGuard();
    expect(detectionToScan([{ rawValue: '04252614', format: 'upc_e' }], guard, 0)).toEqual({ code: '0042100005264', typedIntoField: false });
    expect(detectionToScan([{ rawValue: '042100005264', format: 'upc_a' }], guard, 50)).toBeNull();
  });

  it('writes out each UPC-E form by its last digit', () => {
    expect(upcEToUpcA('01234505')).toBe('012000003455'); // 0–2: the manufacturer's 3rd digit, four zeros
    expect(upcEToUpcA('01234531')).toBe('012300000451'); // 3
    expect(upcEToUpcA('01234544')).toBe('012340000054'); // 4
    expect(upcEToUpcA('01234569')).toBe('012345000069'); // 5–9
    expect(upcEToUpcA('21234569')).toBeNull(); // number system 0 or 1 only
    expect(upcEToUpcA('0123456')).toBeNull();
  });

  it('drops what no wedge would send: too short, too long, control characters', () => {
    expect(cameraCode('12345')).toBeNull();
    expect(cameraCode('123456')).toBe('123456');
    expect(cameraCode('A'.repeat(64))).toBe('A'.repeat(64));
    expect(cameraCode('A'.repeat(65))).toBeNull();
    expect(cameraCode('0104012345\u001d10ABC')).toBeNull();
    expect(detectionToScan([ean('12345'), { rawValue: 'ab\ncdef', format: 'code_128' }], createRepeatGuard(), 0)).toBeNull();
  });
});

/** A stand-in BarcodeDetector class supporting `supported`, reading `codes` from every frame. */
function detectorClass(supported: string[], codes: string[] = []) {
  const made: Array<{ formats: string[] }> = [];
  const Detector = class {
    constructor(options: { formats: string[] }) {
      made.push(options);
    }
    static async getSupportedFormats() {
      return supported;
    }
    async detect() {
      return codes.map((rawValue) => ({ rawValue, format: 'ean_13', boundingBox: {}, cornerPoints: [] }));
    }
  } as unknown as DetectorClass;
  return { Detector, made };
}

describe('choosing the decoder', () => {
  const zxing = (formats: readonly string[]): Decoder => ({ kind: 'zxing', detect: async () => [{ rawValue: formats.join(), format: 'code_128' }] });

  it("takes the browser's BarcodeDetector when it reads EAN-13, with the shop's formats it supports, and never loads ZXing", async () => {
    const { Detector, made } = detectorClass(['qr_code', 'ean_13', 'ean_8', 'code_128', 'upc_a'], ['8901030865237']);
    const loadZxing = vi.fn(async () => zxing);
    const decoder = await chooseDecoder({ Detector, loadZxing });
    expect(decoder.kind).toBe('native');
    expect(made).toEqual([{ formats: ['ean_13', 'ean_8', 'upc_a', 'code_128'] }]);
    // Only what the till needs of each detection: its value and format.
    expect(await decoder.detect({} as HTMLVideoElement)).toEqual([{ rawValue: '8901030865237', format: 'ean_13' }]);
    expect(loadZxing).not.toHaveBeenCalled();
  });

  it('loads ZXing with every format when there is no BarcodeDetector', async () => {
    const loadZxing = vi.fn(async () => zxing);
    const decoder = await chooseDecoder({ loadZxing });
    expect(decoder.kind).toBe('zxing');
    expect(loadZxing).toHaveBeenCalledOnce();
    expect(await decoder.detect({} as HTMLVideoElement)).toEqual([{ rawValue: CAMERA_FORMATS.join(), format: 'code_128' }]);
  });

  it('loads ZXing when the BarcodeDetector reads no EAN-13 (QR only) or cannot say what it reads', async () => {
    expect((await chooseDecoder({ Detector: detectorClass(['qr_code']).Detector, loadZxing: async () => zxing })).kind).toBe('zxing');
    const broken = class {
      static getSupportedFormats() {
        throw new Error('not here');
      }
    } as unknown as DetectorClass;
    expect((await chooseDecoder({ Detector: broken, loadZxing: async () => zxing })).kind).toBe('zxing');
  });
});

describe('camera troubles', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });

  it("names getUserMedia's refusals, and the button says so", () => {
    expect(cameraTrouble(named('NotAllowedError'))).toBe('refused');
    expect(cameraTrouble(named('SecurityError'))).toBe('refused');
    expect(cameraTrouble(named('NotFoundError'))).toBe('none');
    expect(cameraTrouble(named('OverconstrainedError'))).toBe('none');
    expect(cameraTrouble(named('NotReadableError'))).toBe('busy');
    expect(cameraTrouble(new TypeError('odd'))).toBe('failed');
    expect(cameraTrouble(null)).toBe('failed');
    expect(cameraButtonLabel(null)).toBe('Camera');
    expect(cameraButtonLabel('refused')).toBe('Camera refused');
    expect(cameraButtonLabel('none')).toBe('No camera');
  });
});

/** A camera stream whose tracks record being stopped. */
function fakeStream() {
  const tracks = [{ stopped: false, stop() { this.stopped = true; } }];
  return { stream: { getTracks: () => tracks } as unknown as MediaStream, tracks };
}

function fakeVideo(readyState = 4): VideoLike & { played: number } {
  return { srcObject: null, readyState, played: 0, async play() { this.played += 1; } };
}

/** A session over stand-ins, with a hand-driven timer and clock. */
function harness({ codes = () => ['8901030865237'] as string[], found = true, media }: { codes?: () => string[]; found?: boolean; media?: { getUserMedia: (c: MediaStreamConstraints) => Promise<MediaStream> } } = {}) {
  const camera = fakeStream();
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => camera.stream);
  const scans: WedgeScan[] = [];
  const confirmed: boolean[] = [];
  let clock = 0;
  let pending: (() => void) | null = null;
  const detect = vi.fn(async () => codes().map(ean));
  const session = createCameraSession({
    media: () => media ?? { getUserMedia },
    decoder: async () => ({ kind: 'native', detect }),
    onScan: async (scan) => {
      scans.push(scan);
      return found;
    },
    confirm: (added) => confirmed.push(added),
    now: () => clock,
    setTimer: (run) => {
      pending = run;
      return 1;
    },
    clearTimer: () => {
      pending = null;
    },
  });
  /** The next look at the video, `ms` later. */
  const tick = async (ms: number = CAMERA.nativeEveryMs) => {
    clock += ms;
    const run = pending;
    pending = null;
    run?.();
    await vi.waitFor(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { session, camera, getUserMedia, scans, confirmed, detect, tick, hasTimer: () => pending !== null };
}

describe('the camera session', () => {
  it('asks for the back camera, shows it, and adds a code held in view once', async () => {
    const h = harness();
    const video = fakeVideo();
    await h.session.open(video);
    expect(h.getUserMedia).toHaveBeenCalledWith(CAMERA_CONSTRAINTS);
    expect(CAMERA_CONSTRAINTS.video).toMatchObject({ facingMode: { ideal: 'environment' } });
    expect(video.srcObject).toBe(h.camera.stream);
    expect(video.played).toBe(1);
    expect(h.session.$state.get()).toMatchObject({ status: 'scanning', decoder: 'native', trouble: null });
    for (let i = 0; i < 20; i++) await h.tick();
    expect(h.detect.mock.calls.length).toBe(21);
    expect(h.scans).toEqual([{ code: '8901030865237', typedIntoField: false }]);
    expect(h.confirmed).toEqual([true]);
    expect(h.session.$state.get().read).toEqual({ code: '8901030865237', added: true, seq: 1 });
  });

  it('does not add again a code still in view when the camera is opened again straight after', async () => {
    const h = harness();
    await h.session.open(fakeVideo());
    h.session.close();
    await h.tick(CAMERA.repeatWindowMs - 1);
    await h.session.open(fakeVideo());
    expect(h.scans).toHaveLength(1);
    h.session.close();
    await h.tick(CAMERA.repeatWindowMs + 1);
    await h.session.open(fakeVideo());
    expect(h.scans).toHaveLength(2);
  });

  it('says a code not found, with a low beep', async () => {
    const h = harness({ found: false });
    await h.session.open(fakeVideo());
    expect(h.confirmed).toEqual([false]);
    expect(h.session.$state.get().read).toMatchObject({ added: false });
  });

  it('does not look at a video with no frame yet', async () => {
    const h = harness();
    await h.session.open(fakeVideo(0));
    expect(h.detect).not.toHaveBeenCalled();
    expect(h.hasTimer()).toBe(true);
  });

  it('keeps looking when the decoder throws on a frame', async () => {
    let calls = 0;
    const h = harness({ codes: () => (++calls === 1 ? (() => { throw new Error('frame'); })() : ['40012345']) });
    await h.session.open(fakeVideo());
    expect(h.scans).toEqual([]);
    await h.tick();
    expect(h.scans).toEqual([{ code: '40012345', typedIntoField: false }]);
  });

  it('stops the camera tracks and the looking when closed, and lets the video go', async () => {
    const h = harness({ codes: () => [] });
    const video = fakeVideo();
    await h.session.open(video);
    expect(h.hasTimer()).toBe(true);
    h.session.close();
    expect(h.camera.tracks.every((track) => track.stopped)).toBe(true);
    expect(video.srcObject).toBeNull();
    expect(h.hasTimer()).toBe(false);
    expect(h.session.$state.get().status).toBe('closed');
  });

  it('stops a stream that arrives after the dialog was closed', async () => {
    const late = fakeStream();
    let give: (stream: MediaStream) => void = () => undefined;
    const h = harness({ media: { getUserMedia: () => new Promise<MediaStream>((resolve) => (give = resolve)) } });
    const video = fakeVideo();
    const opening = h.session.open(video);
    h.session.close();
    give(late.stream);
    await opening;
    expect(late.tracks[0]!.stopped).toBe(true);
    expect(video.srcObject).toBeNull();
    expect(h.session.$state.get().status).toBe('closed');
  });

  it('says a refused camera, and the trouble outlives the dialog for the button, until a camera starts', async () => {
    const refused = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    let refuse = true;
    const camera = fakeStream();
    const h = harness({ media: { getUserMedia: async () => (refuse ? Promise.reject(refused) : camera.stream) } });
    await h.session.open(fakeVideo());
    expect(h.session.$state.get()).toMatchObject({ status: 'trouble', trouble: 'refused' });
    h.session.close();
    expect(h.session.$state.get()).toMatchObject({ status: 'closed', trouble: 'refused' });
    refuse = false;
    await h.session.open(fakeVideo());
    expect(h.session.$state.get()).toMatchObject({ status: 'scanning', trouble: null });
  });

  it('says there is no camera outside a secure context (no mediaDevices)', async () => {
    const session = createCameraSession({ media: () => undefined, decoder: async () => ({ kind: 'zxing', detect: async () => [] }), onScan: async () => true });
    await session.open(fakeVideo());
    expect(session.$state.get()).toMatchObject({ status: 'trouble', trouble: 'insecure' });
  });

  it('stops the camera when the reader cannot be loaded (offline, its first time)', async () => {
    const camera = fakeStream();
    const session = createCameraSession({ media: () => ({ getUserMedia: async () => camera.stream }), decoder: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), onScan: async () => true });
    await session.open(fakeVideo());
    expect(session.$state.get()).toMatchObject({ status: 'trouble', trouble: 'reader' });
    expect(camera.tracks[0]!.stopped).toBe(true);
  });
});

describe('the beep', () => {
  it('sounds high for an added pack, low for an unknown code, only once primed', () => {
    const tones: Array<{ frequency: number; started: number; stopped: number }> = [];
    const context = {
      currentTime: 10,
      destination: {},
      state: 'running',
      resume: vi.fn(async () => undefined),
      createOscillator() {
        const tone = { frequency: { value: 0 }, connect() {}, start(at: number) { tones.push({ frequency: tone.frequency.value, started: at, stopped: 0 }); }, stop(at: number) { tones.at(-1)!.stopped = at; } };
        return tone;
      },
      createGain: () => ({ gain: { value: 1 }, connect() {} }),
    };
    const beeper = createBeeper(() => context as never);
    beeper.beep(true);
    expect(tones).toEqual([]);
    beeper.prime();
    beeper.beep(true);
    beeper.beep(false);
    expect(tones.map((t) => t.frequency)).toEqual([1760, 330]);
    expect(tones.every((t) => t.stopped > t.started)).toBe(true);
    expect(() => createBeeper(undefined).prime()).not.toThrow();
  });
});
