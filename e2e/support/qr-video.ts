import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** The white margin around a QR code that readers need, in modules. */
const QUIET_ZONE = 4;
/** Frames written; Chromium's fake camera plays the file in a loop. */
const FRAMES = 5;

/**
 * A camera's view of a badge for Chromium's fake camera (`--use-file-for-fake-video-capture`): a
 * Y4M video (YUV4MPEG2, 4:2:0) of `text` as a black-on-white QR code filling most of a 640 x 480
 * frame, as a child would hold its badge up to the screen. The grey plane is drawn from the
 * code's modules; the colour planes stay neutral (128).
 */
export function writeQrVideo(file: string, text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor((HEIGHT * 0.9) / cells);
  const left = Math.floor((WIDTH - cells * scale) / 2);
  const top = Math.floor((HEIGHT - cells * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      const x0 = left + (col + QUIET_ZONE) * scale;
      const y0 = top + (row + QUIET_ZONE) * scale;
      for (let y = y0; y < y0 + scale; y += 1) luma.fill(16, y * WIDTH + x0, y * WIDTH + x0 + scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
