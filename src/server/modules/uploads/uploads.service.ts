import { IMAGE_LIMITS, thumbnailUrl, UPLOAD_TEXTS } from '#domain/uploads.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { type ImageKind, processImage } from './images';
import * as q from './uploads.queries';

const WEBP = 'image/webp';

/** `avatar/<user>/<sha256>.webp` → `avatar/<user>/<sha256>.thumb.webp`, the same rule as the domain's thumbnailUrl. */
const thumbKey = (key: string) => thumbnailUrl(key);

/**
 * Processes an image (see processImage) and stores it with its thumbnail under content-addressed keys:
 * `${kind}/${userId}/${hash}.webp` and `.thumb.webp`. Answers the main image's public URL.
 * Also used by the seed to store generated demo images.
 */
export async function storeImage(
  ctx: Pick<AppContext, 'storage'>,
  userId: string,
  kind: ImageKind,
  input: Buffer,
): Promise<string> {
  const { main, thumb, hash } = await processImage(input, kind);
  const key = `${kind}/${userId}/${hash}.webp`;
  // Thumbnail first: once the main URL exists anywhere, its thumbnail already does.
  await ctx.storage.put(thumbKey(key), thumb, WEBP);
  return ctx.storage.put(key, main, WEBP);
}

/**
 * Removes a stored image and its thumbnail when the URL is one we made for this user and kind;
 * links from elsewhere (or another user's files) are left alone. Failures are logged, not thrown:
 * the database no longer points at the file, so a leftover only costs space.
 */
async function deleteStoredImage(ctx: AppContext, userId: string, kind: ImageKind, url: string) {
  const key = ctx.storage.keyFromUrl(url);
  if (!key?.startsWith(`${kind}/${userId}/`) || key.endsWith('.thumb.webp')) return;
  try {
    await Promise.all([ctx.storage.delete(key), ctx.storage.delete(thumbKey(key))]);
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'could not delete a stored image');
  }
}

/** SPEC.md §7 sends the user id in the body; it must be the signed-in user's own. */
function assertOwnUser(user: UserRow, userId: string) {
  if (user.id !== userId) throw new AppError('FORBIDDEN', UPLOAD_TEXTS.notYours);
}

/** Stores a new avatar, points the user at it and removes the one it replaced. Answers its URL. */
export async function uploadAvatar(ctx: AppContext, user: UserRow, userId: string, input: Buffer) {
  assertOwnUser(user, userId);
  const url = await storeImage(ctx, user.id, 'avatar', input);
  const previous = await q.replaceAvatarUrl(ctx.db, user.id, url);
  if (previous && previous !== url) await deleteStoredImage(ctx, user.id, 'avatar', previous);
  return url;
}

function tooMany(current: number) {
  return new AppError('CONFLICT', UPLOAD_TEXTS.tooMany(current));
}

/**
 * Adds an image to a provider's portfolio (at most IMAGE_LIMITS.portfolioMax; the same picture
 * is kept once). Answers the new list.
 */
export async function addPortfolioImage(ctx: AppContext, user: UserRow, userId: string, input: Buffer) {
  assertOwnUser(user, userId);
  if (user.userType !== 'provider') throw new AppError('FORBIDDEN', UPLOAD_TEXTS.providersOnly);
  await q.insertProviderProfileIfAbsent(ctx.db, user.id);
  // Checked before the work so a full portfolio costs no decoding and stores nothing;
  // appendPortfolioImage checks again atomically for uploads racing each other.
  const before = await q.findPortfolioImages(ctx.db, user.id);
  if (before.length >= IMAGE_LIMITS.portfolioMax) throw tooMany(before.length);

  const url = await storeImage(ctx, user.id, 'portfolio', input);
  const images = await q.appendPortfolioImage(ctx.db, user.id, url, IMAGE_LIMITS.portfolioMax);
  if (images) return images;

  const now = await q.findPortfolioImages(ctx.db, user.id);
  if (!now.includes(url)) await deleteStoredImage(ctx, user.id, 'portfolio', url);
  throw tooMany(now.length);
}

/** Takes an image out of the portfolio and deletes its files. Not in the list → 404. */
export async function removePortfolioImage(ctx: AppContext, user: UserRow, userId: string, imageUrl: string) {
  assertOwnUser(user, userId);
  const images = await q.removePortfolioImage(ctx.db, user.id, imageUrl);
  if (!images) throw new AppError('NOT_FOUND', UPLOAD_TEXTS.imageNotFound);
  await deleteStoredImage(ctx, user.id, 'portfolio', imageUrl);
  return images;
}
