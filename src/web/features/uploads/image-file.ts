import { ACCEPTED_IMAGE_TYPES, IMAGE_LIMITS, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { ApiError } from '#web/lib/api-client.ts';

/** docs/product.md §5 'Images': the message for a file we will not send, or null when it may go. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return UPLOAD_TEXTS.notImage;
  if (file.size > IMAGE_LIMITS.maxBytes) return UPLOAD_TEXTS.tooLarge;
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_TEXTS.wrongType;
  return null;
}

/** The size that fits inside the box keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, box: { width: number; height: number }) {
  const scale = Math.min(1, box.width / width, box.height / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Thrown when the browser cannot decode the file (a broken or disguised image). */
export class UnreadableImageError extends Error {
  constructor() {
    super(UPLOAD_TEXTS.unreadable);
  }
}

/**
 * Decodes the file upright (EXIF orientation applied), scales it to fit the box and encodes it at
 * quality 0.9: WebP where the browser can encode it, JPEG otherwise. The server re-encodes anyway;
 * this keeps uploads small on slow phones.
 */
export async function resizeImage(file: Blob, box: { width: number; height: number }): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadableImageError();
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, box);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadableImageError();
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const webp = canvas.toDataURL('image/webp', IMAGE_LIMITS.quality);
    if (webp.startsWith('data:image/webp')) return webp;
    // JPEG has no transparency: paint transparent pixels white instead of black.
    context.globalCompositeOperation = 'destination-over';
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', IMAGE_LIMITS.quality);
  } finally {
    bitmap.close();
  }
}

/** A 4xx carries the server's own text (413, 415, 409 'Too Many Images'…); anything else the fallback. */
export function uploadErrorText(error: unknown, fallback: string): string {
  if (error instanceof UnreadableImageError) return error.message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}
