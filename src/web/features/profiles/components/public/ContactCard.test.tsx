import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { clearPendingAction, peekPendingAction, savePendingAction } from '#web/lib/pending-action.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { ContactCard, LOGIN_NOTICES, usuallyRepliesText, type Viewer } from './ContactCard';

const PROVIDER_ID = '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11';
const BOOKING = 'https://book.example.com/studio-lumen';

function renderCard(initial: Viewer) {
  const onLoginRequired = vi.fn();
  const onBook = vi.fn();
  let setViewer: (v: Viewer) => void = () => {};
  // The route renders the card again with the new viewer once the session changes.
  function Route() {
    const [viewer, set] = useState(initial);
    setViewer = set;
    return (
      <ContactCard
        viewer={viewer}
        providerId={PROVIDER_ID}
        providerName="Studio Lumen"
        bookingLink={BOOKING}
        onLoginRequired={onLoginRequired}
        onBook={onBook}
      />
    );
  }
  const rendered = renderWithProviders(<Route />);
  const signIn = (v: Viewer = 'signed-in') => act(() => setViewer(v));
  return { ...rendered, onLoginRequired, onBook, signIn };
}

afterEach(() => {
  clearPendingAction();
});

describe('ContactCard across the login wall', () => {
  it('Message pressed while signed out asks to log in, then opens the message dialog', async () => {
    const { user, onLoginRequired, signIn } = renderCard('signed-out');
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(onLoginRequired).toHaveBeenCalledWith(LOGIN_NOTICES.message);
    expect(peekPendingAction()).toMatchObject({ kind: 'message', providerId: PROVIDER_ID, path: '/' });

    signIn();
    expect(await screen.findByRole('dialog', { name: 'Message Studio Lumen' })).toBeTruthy();
    expect(peekPendingAction()).toBeNull();
  });

  it("Book pressed while signed out shows 'Continue to booking' after the login, which logs the click", async () => {
    const { user, onLoginRequired, onBook, signIn } = renderCard('signed-out');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(onLoginRequired).toHaveBeenCalledWith(LOGIN_NOTICES.book);
    expect(peekPendingAction()?.kind).toBe('book');

    signIn();
    const link = await screen.findByRole('link', { name: /Continue to booking/ });
    expect(link.getAttribute('href')).toBe(BOOKING);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(peekPendingAction()).toBeNull();

    // happy-dom would follow the link; a browser opens it in a new tab.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(onBook).toHaveBeenCalledWith(BOOKING);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Continue to booking/ })).toBeNull());
  });

  it("leaves another provider's action alone, and drops its own when the owner logs in", () => {
    savePendingAction({ kind: 'message', providerId: 'someone-else' });
    const { signIn } = renderCard('signed-out');
    signIn();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(peekPendingAction()?.providerId).toBe('someone-else');

    savePendingAction({ kind: 'book', providerId: PROVIDER_ID });
    signIn('owner');
    expect(screen.queryByRole('link', { name: /Continue to booking/ })).toBeNull();
    expect(peekPendingAction()).toBeNull();
  });
});

describe("ContactCard's reply time", () => {
  const card = (replyHours?: number | null) =>
    renderWithProviders(
      <ContactCard
        viewer="signed-in"
        providerId={PROVIDER_ID}
        providerName="Studio Lumen"
        bookingLink={BOOKING}
        onLoginRequired={() => {}}
        {...(replyHours === undefined ? {} : { replyHours })}
      />,
    );

  it('says how quickly the provider usually replies when the profile carries it', () => {
    card(3);
    const contact = screen.getByRole('region', { name: 'Get In Touch' });
    expect(contact.textContent).toContain(MESSAGE_TEXTS.usuallyReplies(3));
    expect(contact.textContent).toContain('Usually replies within 3 hours');
  });

  it('words it as MESSAGE_TEXTS.usuallyReplies does', () => {
    for (const hours of [0, 1, 2, 3, 24, 100])
      expect(usuallyRepliesText(hours)).toBe(MESSAGE_TEXTS.usuallyReplies(hours));
  });

  it('says within an hour for a quick replier', () => {
    card(1);
    expect(screen.getByRole('region', { name: 'Get In Touch' }).textContent).toContain(
      'Usually replies within an hour',
    );
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['not a number', Number.NaN],
    ['negative', -2],
  ])('invents no response time when it is %s', (_label, hours) => {
    card(hours as number | null | undefined);
    const text = screen.getByRole('region', { name: 'Get In Touch' }).textContent ?? '';
    expect(text).not.toMatch(/Usually replies|Response time|hours/);
    expect(text).toContain('inbox; their replies come to your Messages and your email');
  });
});
