import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '#web/components/layout/Header.tsx';
import { PUBLIC_PROFILE_KEY, SEARCH_RESULTS_KEY } from '#web/lib/query-keys.ts';
import { getSession } from '#web/lib/session.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { AvatarUpload } from './AvatarUpload';

// happy-dom cannot decode or draw pictures: the browser-side resize is stood in for.
vi.mock('../image-file', async (original) => ({
  ...(await original<typeof import('../image-file')>()),
  resizeImage: async () => 'data:image/webp;base64,UklGRg==',
}));

const USER_ID = '5d0c2b1e-3f4a-4b6c-8d7e-9f0a1b2c3d4e';
const OLD = `/uploads/avatar/${USER_ID}/${'a'.repeat(64)}.webp`;
const NEW = `/uploads/avatar/${USER_ID}/${'b'.repeat(64)}.webp`;

beforeEach(() => {
  signInForTest({
    id: USER_ID,
    name: 'Nia Brooks',
    email: 'nia@example.com',
    avatar_url: OLD,
    user_type: 'provider',
    routing_slug: 'nia-brooks',
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});

async function headerPictures() {
  const buttons = await screen.findAllByRole('button', { name: 'Account menu for Nia Brooks' });
  return buttons.map((b) => b.querySelector('img')?.getAttribute('src') ?? null);
}

describe('AvatarUpload', () => {
  it('a new avatar shows in the header and user menu at once, and pages showing it are refreshed', async () => {
    const requests = stubFetch((r) =>
      r.method === 'POST' && r.path === '/api/upload/avatar'
        ? { body: { success: true, message: 'Profile picture updated', avatarUrl: NEW } }
        : r.path === '/api/threads/unread'
          ? { body: { success: true, unread: 0 } }
          : undefined,
    );
    const onUploaded = vi.fn();
    const { user, queryClient } = renderWithProviders(
      <>
        <Header />
        <AvatarUpload userId={USER_ID} name="Nia Brooks" avatarUrl={OLD} onUploaded={onUploaded} />
      </>,
    );
    // Another session replaced the picture: this page's copy of it fails and shows the initials.
    await waitFor(async () => expect(await headerPictures()).toEqual([OLD, OLD]));
    for (const button of screen.getAllByRole('button', { name: 'Account menu for Nia Brooks' }))
      fireEvent.error(button.querySelector('img')!);
    expect(await headerPictures()).toEqual([null, null]);

    const profileKey = [...PUBLIC_PROFILE_KEY, 'nia-brooks', null];
    const searchKey = [...SEARCH_RESULTS_KEY, 'hair'];
    queryClient.setQueryData(profileKey, { avatar_url: OLD });
    queryClient.setQueryData(searchKey, { providers: [] });

    await user.upload(
      screen.getByLabelText('Profile picture'),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );

    await waitFor(async () => expect(await headerPictures()).toEqual([NEW, NEW]));
    expect(getSession()?.user.avatar_url).toBe(NEW);
    expect(onUploaded).toHaveBeenCalledWith(NEW);
    // The header's unread total aside (it asks for it for the signed-in person).
    const uploads = requests.filter((r) => r.path !== '/api/threads/unread');
    expect(uploads.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/upload/avatar']);
    expect(uploads[0]!.body).toMatchObject({ userId: USER_ID, file: 'data:image/webp;base64,UklGRg==' });
    expect(queryClient.getQueryState(profileKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(searchKey)?.isInvalidated).toBe(true);
  });
});
