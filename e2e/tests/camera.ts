import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import QRCode from 'qrcode';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

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

/** Chromium whose camera plays a film (of a label), granted to pages without asking. */
export function phoneWithCamera(film: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${film}`,
    ],
  });
}

/** A phone's screen with the camera allowed. */
export const PHONE_WITH_CAMERA = { viewport: { width: 390, height: 844 }, permissions: ['camera'] };
