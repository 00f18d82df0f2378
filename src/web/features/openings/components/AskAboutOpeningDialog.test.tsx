import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { formatOpeningMoment } from '#domain/opening-time.ts';
import type { Opening } from '#domain/openings.ts';
import { clearPendingAction, peekPendingAction } from '#web/lib/pending-action.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ASK_TEXTS, OpeningItem } from './OpeningItem';

const PROVIDER_ID = '0b5a3f9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

const opening = (over: Partial<Opening> = {}): Opening => ({
  id: crypto.randomUUID(),
  provider_id: PROVIDER_ID,
  provider_name: 'Juno Hair',
  provider_image: null,
  routing_slug: 'juno-hair',
  service_type: 'Silk press',
  time_zone: 'America/Chicago',
  price: '$85',
  regular_price: null,
  start_time: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  end_time: new Date(Date.now() + 4 * 3_600_000).toISOString(),
  note: null,
  location_override: null,
  booking_link_override: null,
  is_active: true,
  display_location: 'Austin, TX 78701',
  display_booking_link: 'https://book.example.com/juno',
  policies: { deposit: null, cancellation_notice_hours: null, text: '' },
  provider_position: null,
  ...over,
});

const ASK = /^Ask about this opening\W+Silk press with Juno Hair$/;

afterEach(() => clearPendingAction());

describe("OpeningItem: 'Ask about this opening'", () => {
  it('says what the texts module says', () => {
    expect(ASK_TEXTS).toEqual({ button: MESSAGE_TEXTS.askAboutOpening, login: MESSAGE_TEXTS.loginToMessage });
  });

  it('opens the message dialog with a question naming the time, and sends it to the provider', async () => {
    signInForTest({ id: 'client-1' });
    const silk = opening();
    const requests = stubFetch((r) =>
      r.method === 'POST' && r.path === '/api/messages'
        ? { body: { success: true, message: 'Message sent', threadId: 'thread-4' } }
        : undefined,
    );
    const { user } = renderWithProviders(
      <>
        <OpeningItem opening={silk} isSignedIn />
        <Toaster theme="light" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: ASK }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Juno Hair' });
    expect(dialog.textContent).toContain(MESSAGE_TEXTS.dialogDescription('Juno Hair'));
    const question = MESSAGE_TEXTS.openingQuestion(
      formatOpeningMoment(silk.start_time, { timeZone: 'America/Chicago' }),
    );
    const box = within(dialog).getByLabelText('Your message') as HTMLTextAreaElement;
    expect(box.value).toBe(question);
    expect(question).toMatch(/^Hi! Is your opening on .+ at .+ still available\?$/);
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.map((r) => r.body)).toEqual([{ providerId: PROVIDER_ID, message: question }]);
    expect(await screen.findByText(MESSAGE_TEXTS.sentTo('Juno Hair'))).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGE_TEXTS.viewConversation })).toBeTruthy();
  });

  it("keeps the text and shows the server's words when the send is refused", async () => {
    signInForTest({ id: 'client-1' });
    stubFetch((r) =>
      r.path === '/api/messages'
        ? { status: 403, body: { success: false, error: 'FORBIDDEN', message: MESSAGE_TEXTS.cannotMessage } }
        : undefined,
    );
    const { user } = renderWithProviders(<OpeningItem opening={opening()} isSignedIn />);
    await user.click(screen.getByRole('button', { name: ASK }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Juno Hair' });
    const box = within(dialog).getByLabelText('Your message') as HTMLTextAreaElement;
    await user.clear(box);
    await user.type(box, 'Could you do 4 PM instead?');
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.send }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGE_TEXTS.cannotMessage);
    expect(box.value).toBe('Could you do 4 PM instead?');
  });

  it('asks a visitor to log in first, as the profile’s Message does, and opens the dialog once they have', async () => {
    const requests = stubFetch(() => undefined);
    const onLoginRequired = vi.fn();
    const silk = opening();
    const other = opening({ service_type: 'Gloss' });
    const { user, unmount } = renderWithProviders(
      <>
        <OpeningItem opening={silk} isSignedIn={false} onLoginRequired={onLoginRequired} />
        <OpeningItem opening={other} isSignedIn={false} onLoginRequired={onLoginRequired} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: ASK }));
    expect(onLoginRequired).toHaveBeenCalledWith(MESSAGE_TEXTS.loginToMessage);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toEqual([]);
    expect(peekPendingAction()).toMatchObject({
      kind: 'ask-opening',
      providerId: PROVIDER_ID,
      openingId: silk.id,
    });

    // Back from the login (or the verification email's round trip): the page again, signed in.
    unmount();
    signInForTest({ id: 'client-1' });
    renderWithProviders(
      <>
        <OpeningItem opening={silk} isSignedIn />
        <OpeningItem opening={other} isSignedIn />
      </>,
    );
    // Only the opening asked about: one dialog, with its question.
    const dialog = await screen.findByRole('dialog', { name: 'Message Juno Hair' });
    const box = within(dialog).getByLabelText('Your message') as HTMLTextAreaElement;
    expect(box.value).toBe(
      MESSAGE_TEXTS.openingQuestion(formatOpeningMoment(silk.start_time, { timeZone: 'America/Chicago' })),
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(peekPendingAction()).toBeNull();
  });

  it("is not offered on the provider's own opening, nor beside the owner's actions", () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    renderWithProviders(<OpeningItem opening={opening()} isSignedIn />);
    expect(screen.queryByRole('button', { name: ASK })).toBeNull();
    renderWithProviders(
      <OpeningItem opening={opening({ provider_id: 'someone' })} isSignedIn actions={<span />} />,
    );
    expect(screen.queryByRole('button', { name: /Ask about this opening/ })).toBeNull();
  });
});
