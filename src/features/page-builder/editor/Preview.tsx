import { useEffect, useLayoutEffect, useRef, useState } from 'react';

const WIDTHS = { phone: 360, desktop: 1280 } as const;
type Device = keyof typeof WIDTHS;

/**
 * The page as shoppers will see it: the draft's preview page (the shop's own components) in a frame at a
 * phone's width (360 px) or a desktop's (1280 px, scaled to fit the column). It loads again after every save
 * (`reloadKey`), keeping where it was scrolled to.
 */
export function Preview({ src, reloadKey, title }: { src: string; reloadKey: number; title: string }) {
  const [device, setDevice] = useState<Device>('phone');
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [boxWidth, setBoxWidth] = useState<number>(WIDTHS.phone);
  const scroll = useRef(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    setBoxWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  // Before each new load, where the page was scrolled to (the frame is this site's: its window can be read).
  useEffect(() => {
    try {
      scroll.current = frame.current?.contentWindow?.scrollY ?? 0;
    } catch {
      scroll.current = 0;
    }
  }, [reloadKey]);
  const address = reloadKey ? `${src}${src.includes('?') ? '&' : '?'}saved=${reloadKey}` : src;
  const width = WIDTHS[device];
  const scale = Math.min(1, boxWidth / width);
  return (
    <section aria-labelledby="preview-heading" className="flex h-full flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-base font-semibold">Preview</h2>
        <div role="radiogroup" aria-label="Preview width" className="flex rounded-full border border-border p-0.5 text-sm">
          {(Object.keys(WIDTHS) as Device[]).map((d) => (
            <label key={d} className={`flex min-h-9 cursor-pointer items-center rounded-full px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${device === d ? 'bg-primary text-primary-foreground' : ''}`}>
              <input type="radio" name="preview-width" value={d} checked={device === d} onChange={() => setDevice(d)} className="sr-only" data-preview-width={d} />
              {d === 'phone' ? 'Phone' : 'Desktop'} <span className="ml-1 text-xs">{WIDTHS[d]} px</span>
            </label>
          ))}
        </div>
        <a href={src} target="_blank" rel="noopener" className="text-sm text-primary underline">Open in a new tab</a>
      </div>
      <div ref={box} className="relative min-h-[28rem] flex-1 overflow-hidden rounded-lg border border-border bg-muted/40">
        <iframe
          ref={frame}
          src={address}
          title={`Preview of ${title} at ${width} px`}
          data-preview
          onLoad={() => {
            try {
              frame.current?.contentWindow?.scrollTo(0, scroll.current);
            } catch {
              /* another origin: it starts at the top */
            }
          }}
          className="absolute left-0 top-0 origin-top-left border-0 bg-white"
          style={{ width, height: `${100 / scale}%`, transform: `scale(${scale})`, left: scale < 1 ? 0 : Math.max(0, (boxWidth - width) / 2) }}
        />
      </div>
    </section>
  );
}
