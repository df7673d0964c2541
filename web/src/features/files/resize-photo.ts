import { PHOTO_MAX_BYTES, PHOTO_MAX_PX } from '@stockyard/contract';

/** JPEG qualities tried in turn until a photo fits PHOTO_MAX_BYTES. */
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45];
/** How much smaller each further try draws a photo that is still too big at the lowest quality. */
const SHRINK = 0.75;
/** A drawing this small always fits: the tries end here whatever the picture. */
const SMALLEST_PX = 200;

type Picture = { image: CanvasImageSource; width: number; height: number };

function jpegOf(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))), 'image/jpeg', quality),
  );
}

/**
 * A picture as the phone keeps and sends it: drawn at most PHOTO_MAX_PX on its longest side and encoded
 * as JPEG of at most PHOTO_MAX_BYTES, at the best quality that fits (smaller again if none does).
 */
async function encode(picture: Picture): Promise<Blob> {
  const longest = Math.max(picture.width, picture.height);
  let side = Math.min(longest, PHOTO_MAX_PX);
  for (;;) {
    const scale = side / longest;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(picture.width * scale));
    canvas.height = Math.max(1, Math.round(picture.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the photo.');
    context.drawImage(picture.image, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const blob = await jpegOf(canvas, quality);
      if (blob.size <= PHOTO_MAX_BYTES || side <= SMALLEST_PX) return blob;
    }
    side = Math.max(SMALLEST_PX, Math.floor(side * SHRINK));
  }
}

/** The frame a camera's video shows now, as a photo. */
export function photoOfVideo(video: HTMLVideoElement): Promise<Blob> {
  return encode({ image: video, width: video.videoWidth, height: video.videoHeight });
}

/** A picture chosen from the phone (turned upright as its camera noted), as a photo; it throws when the browser cannot read it. */
export async function photoOfFile(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return await encode({ image: bitmap, width: bitmap.width, height: bitmap.height });
  } finally {
    bitmap.close();
  }
}
