import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '#domain/auth.ts';
import { SIGNED_IN_KEY } from '#domain/auth-options.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { getSession, patchSessionUser, setSession } from '#web/lib/session.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { Header } from './Header';

const USER_ID = '5d0c2b1e-3f4a-4b6c-8d7e-9f0a1b2c3d4e';
const OLD = `/uploads/avatar/${USER_ID}/${'a'.repeat(64)}.webp`;
const NEW = `/uploads/avatar/${USER_ID}/${'b'.repeat(64)}.webp`;

const session = (avatar_url: string | null): Session => ({
  access_token: 'test-access-token',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: {
    id: USER_ID,
    name: 'Nia Brooks',
    email: 'nia@example.com',
    avatar_url,
    user_type: 'provider',
    role: 'user',
    routing_slug: 'nia-brooks',
  },
});

/**
 * The picture in the user menu's buttons (the wide and the narrow layout each have one; the lazy menu
 * replaces its fallback when it loads): the one address they both show, or null for initials.
 */
async function menuPicture() {
  const buttons = await screen.findAllByRole('button', { name: 'Account menu for Nia Brooks' });
  expect(buttons).toHaveLength(2);
  const sources = new Set(buttons.map((b) => b.querySelector('img')?.getAttribute('src') ?? null));
  expect(sources.size).toBe(1);
  return [...sources][0]!;
}
const images = () =>
  screen.getAllByRole('button', { name: 'Account menu for Nia Brooks' }).map((b) => b.querySelector('img'));

/** The unread total the header's badge asks for (GET /api/threads/unread), and the calls made. */
function stubUnread(unread: number | (() => number)) {
  return stubFetch((r) =>
    r.method === 'GET' && r.path === '/api/threads/unread'
      ? { body: { success: true, unread: typeof unread === 'function' ? unread() : unread } }
      : undefined,
  );
}

beforeEach(() => {
  setSession(session(OLD));
  stubUnread(0);
});

describe('Header', () => {
  it('follows a new avatar in the session at once, even after the old one failed to load', async () => {
    renderWithProviders(<Header />);
    expect(await menuPicture()).toBe(OLD);
    // The old file is gone (replaced in another session): the initials stand in.
    for (const img of images()) fireEvent.error(img!);
    expect(await menuPicture()).toBeNull();

    act(() => patchSessionUser(USER_ID, { avatar_url: NEW }));
    expect(await menuPicture()).toBe(NEW);
    expect(getSession()?.user.avatar_url).toBe(NEW);
    // Storage keeps only the hint that someone is signed in: no token, no profile.
    expect({ ...localStorage }).toEqual({ [SIGNED_IN_KEY]: USER_ID });
  });

  it('leaves the session alone when the patch is for someone else (a sign-in changed mid-upload)', async () => {
    renderWithProviders(<Header />);
    act(() => patchSessionUser('someone-else', { avatar_url: NEW }));
    expect(await menuPicture()).toBe(OLD);
    expect(getSession()?.user.avatar_url).toBe(OLD);
  });

  it('follows another tab that changed the avatar (it tells the others on their channel)', async () => {
    renderWithProviders(<Header />);
    expect(await menuPicture()).toBe(OLD);
    const otherTab = new BroadcastChannel('glowfind.session-user');
    try {
      otherTab.postMessage({ user: session(NEW).user });
      expect(await menuPicture()).toBe(NEW);
      // Someone else's change (another account signed in there) leaves this one as it is.
      otherTab.postMessage({ user: { ...session(OLD).user, id: 'someone-else' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await menuPicture()).toBe(NEW);
    } finally {
      otherTab.close();
    }
  });

  it('signs out when another tab signs out (the hint leaves storage)', async () => {
    renderWithProviders(<Header />);
    expect(await menuPicture()).toBe(OLD);
    localStorage.removeItem(SIGNED_IN_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_KEY, newValue: null }));
    });
    expect(await screen.findAllByRole('button', { name: 'Sign up / Log in' })).not.toHaveLength(0);
    expect(getSession()).toBeNull();
  });

  it("shows 'Messages' with the unread total as a badge, named for screen readers", async () => {
    const requests = stubUnread(3);
    renderWithProviders(<Header />);
    // The wide and the narrow layout each have the link; CSS shows one.
    const links = await screen.findAllByRole('link', { name: MESSAGE_TEXTS.unreadTotal(3) });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('/messages');
      expect(link.textContent).toContain('3');
    }
    expect(links[0]!.textContent).toContain('Messages');
    expect(requests.every((r) => r.path === '/api/threads/unread')).toBe(true);
    expect(requests[0]!.headers.authorization).toBe('Bearer test-access-token');
  });

  it('shows no badge when nothing is unread', async () => {
    renderWithProviders(<Header />);
    const links = await screen.findAllByRole('link', { name: 'Messages' });
    expect(links).toHaveLength(2);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    for (const link of links) expect(link.textContent).not.toMatch(/\d/);
    expect(MESSAGE_TEXTS.unreadTotal(0)).toBe('Messages');
  });

  it('asks nothing and shows no Messages link to a visitor', async () => {
    localStorage.removeItem(SIGNED_IN_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_KEY, newValue: null }));
    });
    const requests = stubUnread(2);
    renderWithProviders(<Header />);
    expect(await screen.findAllByRole('button', { name: 'Sign up / Log in' })).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    expect(requests).toEqual([]);
  });
});
