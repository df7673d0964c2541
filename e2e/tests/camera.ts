import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';

/** A short film of a label's QR code, as the fake camera plays it. */
export async function filmOfLabel(code: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'stockyard-scan-'));
  const image = join(dir, 'label.png');
  await QRCode.toFile(image, code, { errorCorrectionLevel: 'M', margin: 4, width: 360 });
  const film = join(dir, 'label.y4m');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    image,
    '-vf',
    'pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
    '-t',
    '2',
    '-r',
    '10',
    film,
  ]);
  return film;
}
