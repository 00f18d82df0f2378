/**
 * Blocking a provider (no opening emails about them, none under 'New for you'): texts,
 * apart from the favourites' (the hearts put those in the home page's first load).
 */
import { FAVORITE_LIMITS } from './favorites-options';

export const BLOCK_TEXTS = {
  blockProvider: 'Block provider',
  unblockProvider: 'Unblock',
  blockConfirm: 'Block',
  blockWhat:
    "You won't get emails about their openings, from your saved providers or your saved searches, and their openings won't show under New for you. They are removed from your saved providers. You can unblock them from your account page.",
  blocked: 'Provider blocked',
  unblocked: 'Provider unblocked',
  blockFailed: 'Failed to update. Please try again.',
  blockedTitle: 'Blocked providers',
  blockedIntro: "You get no emails about these providers' openings, and they don't show under New for you.",
  blockedEmpty: "You haven't blocked any providers.",
  blockedFailed: 'Failed to load blocked providers',
  ownBlock: 'You cannot block your own profile.',
  tooManyBlocks: `You can block up to ${FAVORITE_LIMITS.providersMax} providers. Unblock some to block more.`,
} as const;

/** The block dialog's title. */
export const blockTitle = (name: string) => `Block ${name}?`;
