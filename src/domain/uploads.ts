import { z } from 'zod';
import { PROFILE_LIMITS } from './profiles-options';

/** Avatar and portfolio uploads (docs/product.md §5 'Images', §7 'Uploads', §8 'Uploads', §10). */

export const IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** Decoded pixels allowed in an upload; more is refused as a decompression bomb. */
  maxInputPixels: 50_000_000,
  avatar: { width: 400, height: 400 },
  portfolio: { width: 1200, height: 1200 },
  thumb: { width: 320, height: 320 },
  quality: 0.9,
  portfolioMax: PROFILE_LIMITS.portfolioMax,
} as const;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const UPLOAD_TEXTS = {
  notImage: 'Please select a valid image file',
  tooLarge: 'Image size must be less than 10MB',
  wrongType: 'Please use JPEG, PNG, or WebP format',
  tooManyTitle: 'Too Many Images',
  tooMany: (current: number) =>
    `You can only have up to ${IMAGE_LIMITS.portfolioMax} portfolio images. Currently you have ${current}.`,
  uploadFailedTitle: 'Upload Failed',
  avatarFailed: 'Failed to upload profile picture',
  imagesFailed: 'Failed to upload images',
  someFailed: (n: number) => `${n} upload${n === 1 ? '' : 's'} failed`,
  deleteFailedTitle: 'Delete Failed',
  deleteFailed: 'Failed to delete image',
  uploadFallback: 'Upload failed',
  deleteFallback: 'Delete failed',
  avatarUpdated: 'Profile picture updated',
  imagesAdded: (n: number) => `${n} image${n === 1 ? '' : 's'} added to your portfolio`,
  imageDeleted: 'Image removed',
  unreadable: 'This image could not be read. Please try another file.',
  tooManyPixels: 'This image is too large to process. Please use a smaller one.',
  notYours: 'You can only change your own images.',
  providersOnly: 'Only service providers have a portfolio.',
  imageNotFound: 'This image is not in your portfolio.',
} as const;

/** A data URL can carry 10 MB of image as about 13.4 M base64 characters plus its header. */
const DATA_URL_MAX = Math.ceil((IMAGE_LIMITS.maxBytes * 4) / 3) + 1024;

/**
 * The `file` field: a data URL (`data:image/png;base64,...`). Bigger than 10 MB decoded is 413
 * (checked by the server after decoding); the declared type is ignored, the bytes decide.
 */
export const ImageDataUrlSchema = z
  .string({ error: UPLOAD_TEXTS.notImage })
  .max(DATA_URL_MAX + 1024 * 1024, UPLOAD_TEXTS.tooLarge)
  .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,/, UPLOAD_TEXTS.notImage);

const UserIdSchema = z.uuid({ error: 'userId must be your user id' });

export const UploadImageBodySchema = z.object({
  file: ImageDataUrlSchema,
  userId: UserIdSchema,
});

export const DeletePortfolioBodySchema = z.object({
  imageUrl: z.string().trim().min(1, 'imageUrl is required').max(2048),
  userId: UserIdSchema,
});

export const AvatarReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  avatarUrl: z.string(),
});
export const PortfolioReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  portfolioImages: z.array(z.string()),
});

export { thumbnailUrl } from './image-urls';
