import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Opening } from '#domain/openings.ts';
import { clearPendingAction, peekPendingAction } from '#web/lib/pending-action.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { OpeningItem } from './OpeningItem';

const opening = (over: Partial<Opening> = {}): Opening => ({
  id: crypto.randomUUID(),
  provider_id: '0b5a3f9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
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

afterEach(() => clearPendingAction());

describe('OpeningItem: Book behind the login wall', () => {
  it('remembers which opening a visitor pressed Book on, and offers it once they are signed in', async () => {
    const silk = opening();
    const other = opening({ service_type: 'Gloss' });
    const onLoginRequired = vi.fn();
    const onBook = vi.fn();
    const view = renderWithProviders(
      <>
        <OpeningItem opening={silk} isSignedIn={false} onLoginRequired={onLoginRequired} />
        <OpeningItem opening={other} isSignedIn={false} onLoginRequired={onLoginRequired} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Book Silk press with Juno Hair' }));
    expect(onLoginRequired).toHaveBeenCalledWith('Please log in to book an appointment.');
    expect(peekPendingAction()).toMatchObject({
      kind: 'book-opening',
      providerId: silk.provider_id,
      openingId: silk.id,
    });

    view.rerender(
      <>
        <OpeningItem opening={silk} isSignedIn onBook={onBook} />
        <OpeningItem opening={other} isSignedIn onBook={onBook} />
      </>,
    );
    const resume = await screen.findByRole('link', {
      name: /^Continue to booking Silk press with Juno Hair/,
    });
    expect(resume.getAttribute('href')).toBe('https://book.example.com/juno');
    expect(screen.getByRole('status').textContent).toContain(
      "You're logged in: continue to book this opening.",
    );
    // Only the opening pressed: the other reads Book as ever.
    expect(screen.getByRole('link', { name: /^Book Gloss with Juno Hair/ })).toBeTruthy();
    expect(peekPendingAction()).toBeNull();

    // happy-dom would fetch the booking page for the new tab: only the click matters here.
    resume.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(resume);
    expect(onBook).toHaveBeenCalledWith(silk);
    expect(screen.getByRole('link', { name: /^Book Silk press with Juno Hair/ })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not offer a booking when the action was for another opening', async () => {
    const silk = opening();
    renderWithProviders(<OpeningItem opening={opening({ service_type: 'Gloss' })} isSignedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Book Gloss/ }));
    renderWithProviders(<OpeningItem opening={silk} isSignedIn />);
    expect(screen.getByRole('link', { name: /^Book Silk press/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Continue to booking/ })).toBeNull();
    expect(peekPendingAction()).toMatchObject({ kind: 'book-opening' });
  });
});

describe('OpeningItem: price', () => {
  it('shows a plain amount as every price is shown, and other price texts as typed', () => {
    renderWithProviders(
      <>
        <OpeningItem opening={opening({ service_type: 'Balayage', price: '1200' })} isSignedIn={false} />
        <OpeningItem opening={opening({ service_type: 'Gloss', price: '$45.5' })} isSignedIn={false} />
        <OpeningItem opening={opening({ service_type: 'Trim', price: 'from $40' })} isSignedIn={false} />
      </>,
    );
    const prices = screen.getAllByText(/^Price:/).map((label) => label.parentElement?.textContent);
    expect(prices).toEqual(['Price: $1,200', 'Price: $45.50', 'Price: from $40']);
  });
});

describe('OpeningItem: valid HTML', () => {
  it("writes the API's microsecond start time as a datetime HTML accepts (at most three fraction digits)", () => {
    const { container } = renderWithProviders(
      <OpeningItem opening={opening({ start_time: '2026-12-01T16:00:08.420000Z' })} isSignedIn={false} />,
    );
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-01T16:00:08.420Z');
  });
});

describe('OpeningItem: the provider’s policies', () => {
  it('shows the deposit and notice in one line, and the policy text behind a disclosure', async () => {
    render(
      opening({
        policies: {
          deposit: { type: 'amount', value: 20 },
          cancellation_notice_hours: 24,
          text: 'Late by 15 minutes? We may need to shorten the service.',
        },
      }),
    );
    const item = screen.getByRole('article', { name: 'Silk press' });
    expect(item.textContent).toContain('Policies: Deposit $20 · 24 h cancellation notice');
    const disclosure = screen.getByText("Juno Hair's booking policy");
    const text = screen.getByText('Late by 15 minutes? We may need to shorten the service.');
    const details = text.closest('details')!;
    expect(details.contains(disclosure)).toBe(true);
    expect(details.open).toBe(false);
    await userEvent.click(disclosure);
    expect(details.open).toBe(true);
  });

  it('says a percentage and that no notice is needed, without a disclosure when there is no text', () => {
    render(
      opening({
        policies: { deposit: { type: 'percent', value: 12.5 }, cancellation_notice_hours: 0, text: '  ' },
      }),
    );
    expect(screen.getByText('Deposit 12.5% · No cancellation notice needed').tagName).toBe('SPAN');
    expect(screen.queryByText(/booking policy/)).toBeNull();
  });

  it('shows nothing about policies when the provider states none', () => {
    render(opening());
    expect(screen.getByRole('article', { name: 'Silk press' }).textContent).not.toMatch(
      /Policies|Deposit|cancellation/,
    );
  });
});

function render(o: Opening) {
  return renderWithProviders(<OpeningItem opening={o} isSignedIn={false} />);
}
