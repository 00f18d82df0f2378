import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPendingAction, peekPendingAction } from '#web/lib/pending-action.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { ContactCard, LOGIN_NOTICES, type Viewer } from './ContactCard';

const PROVIDER_ID = '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11';
const BOOKING = 'https://book.example.com/maya-lopez';

/** happy-dom's IntersectionObserver never reports: this one lets a test move the card in and out of view. */
class ControlledObserver {
  static last: ControlledObserver | null = null;
  target: Element | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {
    ControlledObserver.last = this;
  }
  observe(target: Element) {
    this.target = target;
  }
  unobserve() {}
  disconnect() {
    this.target = null;
  }
  takeRecords() {
    return [];
  }
  /** The card's position: 'visible', 'above' (scrolled past) or 'below' (not reached yet). */
  report(where: 'visible' | 'above' | 'below') {
    const target = this.target;
    if (!target) throw new Error('the bar observes no card');
    const top = where === 'above' ? -400 : where === 'below' ? 1200 : 200;
    const entry = {
      target,
      isIntersecting: where === 'visible',
      intersectionRatio: where === 'visible' ? 1 : 0,
      boundingClientRect: { top, bottom: top + 300 } as DOMRectReadOnly,
      rootBounds: { top: 64, bottom: 844 } as DOMRectReadOnly,
      intersectionRect: {} as DOMRectReadOnly,
      time: 0,
    } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

/** A phone (below `lg`) unless `desktop`. */
function stubScreen(desktop = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderCard(viewer: Viewer) {
  const onLoginRequired = vi.fn();
  const onBook = vi.fn();
  const rendered = renderWithProviders(
    <ContactCard
      viewer={viewer}
      providerId={PROVIDER_ID}
      providerName="Maya Lopez"
      bookingLink={BOOKING}
      onLoginRequired={onLoginRequired}
      onBook={onBook}
    />,
  );
  const observer = ControlledObserver.last;
  if (!observer) throw new Error('no IntersectionObserver was created');
  return { ...rendered, onLoginRequired, onBook, observer };
}

/** The bar, found whether or not it is hidden from the accessibility tree. */
const barElement = () => {
  const bar = document.querySelector('section[aria-label="Book with Maya Lopez"]');
  if (!(bar instanceof HTMLElement)) throw new Error('no bar');
  return bar;
};

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', ControlledObserver);
  stubScreen();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearPendingAction();
  ControlledObserver.last = null;
  document.body.style.paddingBottom = '';
});

describe('StickyBookBar', () => {
  it('appears once the card has scrolled up out of view, and goes when it is back', () => {
    const { observer } = renderCard('signed-out');
    expect(screen.queryByRole('region', { name: 'Book with Maya Lopez' })).toBeNull();

    // Not yet reached (below the fold): no bar.
    observer.report('below');
    expect(screen.queryByRole('region', { name: 'Book with Maya Lopez' })).toBeNull();

    observer.report('above');
    const bar = screen.getByRole('region', { name: 'Book with Maya Lopez' });
    expect(within(bar).getByRole('button', { name: 'Book Appointment' })).toBeTruthy();
    expect(bar.hasAttribute('inert')).toBe(false);
    expect(bar.textContent).toContain('Maya Lopez');
    // The page's end is not covered: it gets the bar's height as bottom padding.
    expect(document.body.style.paddingBottom).toMatch(/px$/);

    observer.report('visible');
    expect(screen.queryByRole('region', { name: 'Book with Maya Lopez' })).toBeNull();
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('hidden, is inert and aria-hidden, so its button is out of the tab order', async () => {
    const { user } = renderCard('signed-out');
    const bar = barElement();
    expect(bar.hasAttribute('inert')).toBe(true);
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    // One Book button to reach: the card's.
    expect(screen.getAllByRole('button', { name: 'Book Appointment' })).toHaveLength(1);
    const inBar = within(bar).getByRole('button', { name: 'Book Appointment', hidden: true });
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(document.activeElement).not.toBe(inBar);
    }
  });

  it('does not take focus when it appears', () => {
    const { observer } = renderCard('signed-out');
    const before = document.activeElement;
    observer.report('above');
    expect(document.activeElement).toBe(before);
  });

  it("a visitor's Book asks to log in, as the card's does", async () => {
    const { user, observer, onLoginRequired } = renderCard('signed-out');
    observer.report('above');
    const bar = screen.getByRole('region', { name: 'Book with Maya Lopez' });
    await user.click(within(bar).getByRole('button', { name: 'Book Appointment' }));
    expect(onLoginRequired).toHaveBeenCalledWith(LOGIN_NOTICES.book);
    expect(peekPendingAction()).toMatchObject({ kind: 'book', providerId: PROVIDER_ID });
  });

  it("a signed-in client's Book opens the booking page in a new tab and logs the click", async () => {
    const { user, observer, onBook } = renderCard('signed-in');
    observer.report('above');
    const bar = screen.getByRole('region', { name: 'Book with Maya Lopez' });
    const link = within(bar).getByRole('link', { name: 'Book Appointment (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(BOOKING);
    expect(link.getAttribute('target')).toBe('_blank');
    // happy-dom would follow the link; a browser opens it in a new tab.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(onBook).toHaveBeenCalledWith(BOOKING);
  });

  it('is not there without a booking link: the card says to send a message instead', () => {
    renderWithProviders(
      <ContactCard
        viewer="signed-in"
        providerId={PROVIDER_ID}
        providerName="Maya Lopez"
        bookingLink={null}
        onLoginRequired={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Book Appointment' }).hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('section[aria-label="Book with Maya Lopez"]')).toBeNull();
  });

  it('is never shown on a desktop, where the card is sticky', () => {
    stubScreen(true);
    const { observer } = renderCard('signed-out');
    observer.report('above');
    expect(screen.queryByRole('region', { name: 'Book with Maya Lopez' })).toBeNull();
  });

  it('is not there for the owner, whose card offers Edit Profile', () => {
    renderWithProviders(
      <ContactCard
        viewer="owner"
        providerId={PROVIDER_ID}
        providerName="Maya Lopez"
        bookingLink={BOOKING}
        onLoginRequired={() => {}}
      />,
    );
    expect(document.querySelector('section[aria-label="Book with Maya Lopez"]')).toBeNull();
  });
});
