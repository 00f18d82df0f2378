import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_VERSION_TEXTS as TEXTS } from '#domain/profile-versions.ts';
import type { AccountProfile } from '#domain/profiles.ts';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ProfileConflictDialog } from './ProfileConflictDialog';
import { ProviderProfileForm } from './ProviderProfileForm';

afterEach(() => vi.unstubAllGlobals());

/** Tab B sent its whole form; tab A had saved a new bio meanwhile. */
const conflict = {
  theirs: {
    id: 'provider-1',
    name: 'Maya Lopez',
    email: 'maya@example.com',
    avatar_url: null,
    user_type: 'provider' as const,
    role: 'user' as const,
    routing_slug: 'maya-lopez',
    bio: 'Saved in tab A.',
    location: 'Austin, TX',
    specialties: ['Balayage'],
    license_details: '',
    version: '"p2"',
  },
  mine: {
    name: 'Maya Lopez',
    bio: 'The old bio.',
    location: 'Round Rock, TX',
    specialties: ['Balayage'],
    license_details: undefined,
  },
};

function renderDialog() {
  const handlers = { onKeepMine: vi.fn(), onTakeLatest: vi.fn(), onClose: vi.fn() };
  const view = renderWithProviders(
    <ProfileConflictDialog
      conflict={conflict}
      nameLabel="Business/Professional Name"
      isBusy={false}
      {...handlers}
    />,
  );
  return { ...view, ...handlers };
}

describe('ProfileConflictDialog', () => {
  it('says the profile changed elsewhere, and the comparison lists only the fields that differ', async () => {
    const { user, onKeepMine, onTakeLatest } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: TEXTS.changedElsewhere });
    expect(dialog.textContent).toContain(TEXTS.explainConflict);

    await user.click(within(dialog).getByRole('button', { name: TEXTS.review }));
    const review = screen.getByRole('dialog', { name: TEXTS.reviewTitle });
    const rows = within(review).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Professional Bio');
    expect(rows[0]!.textContent).toContain(`${TEXTS.theirs}Saved in tab A.`);
    expect(rows[0]!.textContent).toContain(`${TEXTS.yours}The old bio.`);
    expect(rows[1]!.textContent).toContain('Location');
    // Equal values, equal lists and two kinds of empty are not differences.
    expect(review.textContent).not.toContain('Business/Professional Name');
    expect(review.textContent).not.toContain('Specialties');
    expect(review.textContent).not.toContain('License Information');

    await user.click(within(review).getByRole('button', { name: TEXTS.keepMine }));
    expect(onKeepMine).toHaveBeenCalledTimes(1);
    await user.click(within(review).getByRole('button', { name: TEXTS.useTheirs }));
    expect(onTakeLatest).toHaveBeenCalledWith(conflict.theirs);
  });

  it('asks before reloading, and reloads the latest saved version into the page', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const latest = { ...conflict.theirs, bio: 'Saved again in tab C.', version: undefined };
    const requests = stubFetch((request) =>
      request.method === 'GET' && request.path === '/api/auth/profile'
        ? { body: { success: true, profile: latest, version: '"p3"' } }
        : undefined,
    );
    const { user, onTakeLatest } = renderDialog();
    await user.click(screen.getByRole('button', { name: TEXTS.reload }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(TEXTS.confirmReload);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: TEXTS.reload }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: TEXTS.reload }));
    await waitFor(() => expect(onTakeLatest).toHaveBeenCalledTimes(1));
    expect(onTakeLatest).toHaveBeenCalledWith({ ...latest, version: '"p3"' });
  });

  it('Escape closes it without choosing', async () => {
    const { user, onClose, onKeepMine, onTakeLatest } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onKeepMine).not.toHaveBeenCalled();
    expect(onTakeLatest).not.toHaveBeenCalled();
  });
});

const profile: AccountProfile = {
  id: 'provider-1',
  name: 'Maya Lopez',
  email: 'maya@example.com',
  avatar_url: null,
  user_type: 'provider',
  role: 'user',
  routing_slug: 'maya-lopez',
  bio: 'The old bio.',
  location: 'Austin, TX 78701',
  zip: '78701',
  booking_link: '',
  license_details: '',
  additional_details: '',
  availability: '',
  specialties: [],
  certifications: [],
  amenities: [],
  products: [],
  categories: [],
  portfolio_images: [],
  pricing: [],
};

/** The server as the form meets it: version "p2" is saved; a save naming another version is 412. */
function stubServer(latest: AccountProfile, version = '"p2"') {
  return stubFetch((request: SentRequest) => {
    if (request.path !== '/api/auth/profile') return undefined;
    if (request.method === 'GET') return { body: { success: true, profile: latest, version } };
    if (request.headers['if-match'] !== version) {
      return {
        status: 412,
        body: { success: false, error: 'PRECONDITION_FAILED', message: TEXTS.changedElsewhere },
      };
    }
    const saved = { ...latest, ...(request.body as object) };
    return { body: { success: true, profile: saved, version: '"p3"' } };
  });
}

describe('the provider form after a conflict', () => {
  it('sends If-Match, shows the conflict, and Keep mine saves over the latest version', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const requests = stubServer({ ...profile, bio: 'Saved in tab A.' });
    const { user } = renderWithProviders(
      <ProviderProfileForm profile={{ ...profile, version: '"p1"' }} avatar={null} portfolio={null} />,
    );
    await user.clear(screen.getByRole('textbox', { name: /Location/ }));
    await user.type(screen.getByRole('textbox', { name: /Location/ }), 'Round Rock, TX 78664');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    const dialog = await screen.findByRole('dialog', { name: TEXTS.changedElsewhere });
    expect(requests[0]).toMatchObject({ method: 'PUT', headers: { 'if-match': '"p1"' } });
    expect(requests[1]).toMatchObject({ method: 'GET' });
    await user.click(within(dialog).getByRole('button', { name: TEXTS.review }));
    const review = screen.getByRole('dialog', { name: TEXTS.reviewTitle });
    expect(review.textContent).toContain('Professional Bio');
    expect(review.textContent).toContain('Saved in tab A.');
    expect(review.textContent).toContain('Round Rock, TX 78664');

    await user.click(within(review).getByRole('button', { name: TEXTS.keepMine }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]).toMatchObject({
      method: 'PUT',
      headers: { 'if-match': '"p2"' },
      body: { location: 'Round Rock, TX 78664', bio: 'The old bio.' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Use theirs takes the saved version into the form', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    stubServer({ ...profile, bio: 'Saved in tab A.' });
    const { user } = renderWithProviders(
      <ProviderProfileForm profile={{ ...profile, version: '"p1"' }} avatar={null} portfolio={null} />,
    );
    await user.type(screen.getByRole('textbox', { name: /Location/ }), ' (suite 2)');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await user.click(await screen.findByRole('button', { name: TEXTS.review }));
    await user.click(screen.getByRole('button', { name: TEXTS.useTheirs }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: /Professional Bio/ })).toHaveProperty(
      'value',
      'Saved in tab A.',
    );
    expect(screen.getByRole('textbox', { name: /Location/ })).toHaveProperty('value', 'Austin, TX 78701');
    expect(screen.getByText('No unsaved changes')).toBeTruthy();
  });

  it('a newer version that differs only in the avatar is saved over without asking', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const requests = stubServer({ ...profile, avatar_url: '/uploads/avatar/provider-1/new.webp' });
    const { user } = renderWithProviders(
      <ProviderProfileForm profile={{ ...profile, version: '"p1"' }} avatar={null} portfolio={null} />,
    );
    await user.type(screen.getByRole('textbox', { name: /Professional Bio/ }), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests.map((r) => `${r.method} ${r.headers['if-match'] ?? ''}`)).toEqual([
      'PUT "p1"',
      'GET ',
      'PUT "p2"',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
