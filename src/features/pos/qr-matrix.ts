import QRCode from 'qrcode';

/**
 * A QR code as one SVG path (docs/pos-client.md#upi): the `qrcode` library makes the matrix (error correction M,
 * as payment QR codes use), this draws each dark module as a 1 × 1 square in a `size` × `size` box with a quiet
 * zone of `margin` modules around it, so the screen scales it to any size without blur and without HTML strings.
 */
export function qrPath(text: string, margin = 4): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) {
      // A run of dark modules on a row is one rectangle: a shorter path.
      if (!modules.get(y, x)) continue;
      let run = 1;
      while (x + run < n && modules.get(y, x + run)) run += 1;
      parts.push(`M${x + margin} ${y + margin}h${run}v1h-${run}z`);
      x += run - 1;
    }
  }
  return { size: n + 2 * margin, d: parts.join('') };
}
