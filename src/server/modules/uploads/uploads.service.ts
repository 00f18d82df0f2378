import { IMAGE_LIMITS, thumbnailUrl, UPLOAD_TEXTS } from '#domain/uploads.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findPublicProvider } from '../profiles/profiles.service';
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

/** The API (docs/product.md §7) sends the user id in the body; it must be the signed-in user's own. */
function assertOwnUser(user: UserRow, userId: string) {
  if (user.id !== userId) throw new AppError('FORBIDDEN', UPLOAD_TEXTS.notYours);
}

/**
 * Stores a new avatar, points the user at it and removes the one it replaced (its old URL then
 * redirects to this one: findReplacementUrl). Answers its URL.
 */
export async function uploadAvatar(ctx: AppContext, user: UserRow, userId: string, input: Buffer) {
  assertOwnUser(user, userId);
  const url = await storeImage(ctx, user.id, 'avatar', input);
  const previous = await q.replaceAvatarUrl(ctx.db, user.id, url);
  if (previous && previous !== url) await deleteStoredImage(ctx, user.id, 'avatar', previous);
  return url;
}

/**
 * Runs a portfolio change (one statement on the provider's profile, answering the new list or null
 * when nothing changed) in a transaction that moves the profile's version on when it changed. The
 * account row is locked first, as PUT /api/auth/profile locks it, so the two never wait on each other
 * in opposite orders.
 */
function changePortfolio(
  ctx: AppContext,
  userId: string,
  change: (tx: AppContext['db']) => Promise<string[] | null>,
): Promise<string[] | null> {
  return ctx.db.transaction(async (tx) => {
    await q.lockUser(tx, userId);
    const images = await change(tx);
    if (images) await q.bumpProfileVersion(tx, userId);
    return images;
  });
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
  const images = await changePortfolio(ctx, user.id, (tx) =>
    q.appendPortfolioImage(tx, user.id, url, IMAGE_LIMITS.portfolioMax),
  );
  if (images) return images;

  const now = await q.findPortfolioImages(ctx.db, user.id);
  if (!now.includes(url)) await deleteStoredImage(ctx, user.id, 'portfolio', url);
  throw tooMany(now.length);
}

/** Takes an image out of the portfolio and deletes its files. Not in the list → 404. */
export async function removePortfolioImage(ctx: AppContext, user: UserRow, userId: string, imageUrl: string) {
  assertOwnUser(user, userId);
  const images = await changePortfolio(ctx, user.id, (tx) => q.removePortfolioImage(tx, user.id, imageUrl));
  if (!images) throw new AppError('NOT_FOUND', UPLOAD_TEXTS.imageNotFound);
  await deleteStoredImage(ctx, user.id, 'portfolio', imageUrl);
  return images;
}

/** A stored avatar's key as storeImage names it: the owner's id, a content hash, maybe the thumbnail. */
const AVATAR_KEY =
  /^avatar\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[0-9a-f]{64}(\.thumb)?\.webp$/;

/**
 * Where a replaced avatar's URL leads now: the same person's current avatar (its thumbnail for a
 * thumbnail), so pages and other sessions that still hold the old URL show the new picture instead
 * of a 404. Only for a key shaped exactly as storeImage names avatars, only to the same user's own
 * current picture, and only for a provider anyone may see (findPublicProvider), whose picture is on
 * their public page anyway: a stranger learns nothing from it, and a client's picture is never handed
 * out by id. Portfolio images have no successor: a deleted one stays gone. Null when there is
 * nothing to lead to, or when it would lead back to the same key (a missing current file).
 */
export async function findReplacementUrl(ctx: AppContext, key: string): Promise<string | null> {
  const [, userId, thumb] = AVATAR_KEY.exec(key) ?? [];
  if (!userId || !(await findPublicProvider(ctx, userId))) return null;
  const current = await q.findAvatarUrl(ctx.db, userId);
  const currentKey = current ? ctx.storage.keyFromUrl(current) : null;
  const [, owner, currentThumb] = (currentKey && AVATAR_KEY.exec(currentKey)) || [];
  if (!currentKey || owner !== userId || currentThumb) return null;
  const target = thumb ? thumbKey(currentKey) : currentKey;
  return target === key ? null : ctx.storage.urlFor(target);
}
