import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NO_AVAILABILITY } from '#domain/availability.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { AvailabilityCard } from './AvailabilityCard';

/** The profile form's part: the card writes the stored text, the form keeps it. */
function Harness({
  initial,
  onChange,
  disabled,
}: {
  initial: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AvailabilityCard
      value={value}
      disabled={disabled ?? false}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function renderCard(initial = '', disabled = false) {
  const onChange = vi.fn();
  const rendered = renderWithProviders(<Harness initial={initial} onChange={onChange} disabled={disabled} />);
  return { ...rendered, onChange };
}

const grid = () => screen.getByRole('table', { name: /Weekly hours/ });
const slot = (name: string) => within(grid()).getByRole('button', { name });
const preview = () => screen.getByTestId('availability-preview');
/** The preview's days and hours, as the public profile lists them. */
const previewRows = () =>
  within(preview())
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('AvailabilityGrid (in the availability card)', () => {
  it('switches hours on and off and writes them as text', async () => {
    const { user, onChange } = renderCard();
    expect(preview().textContent).toBe(NO_AVAILABILITY);
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    // 7 days × 12 hours, 8AM to 7PM.
    expect(within(grid()).getAllByRole('button')).toHaveLength(84);

    await user.click(slot('Monday 9AM'));
    await user.click(slot('Monday 10AM'));
    await user.click(slot('Saturday 10AM'));
    expect(slot('Monday 9AM').getAttribute('aria-pressed')).toBe('true');
    expect(previewRows()).toEqual([
      ['Monday', '9AM – 11AM'],
      ['Saturday', '10AM – 11AM'],
    ]);

    await user.click(slot('Monday 10AM'));
    expect(slot('Monday 10AM').getAttribute('aria-pressed')).toBe('false');
    expect(onChange).toHaveBeenLastCalledWith('Mon 9AM-10AM, Sat 10AM-11AM');
  });

  it('reads the stored text back into the grid', async () => {
    const { user } = renderCard('Mon-Fri 9AM-5PM');
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    expect(slot('Monday 9AM').getAttribute('aria-pressed')).toBe('true');
    expect(slot('Friday 4PM').getAttribute('aria-pressed')).toBe('true');
    expect(slot('Friday 5PM').getAttribute('aria-pressed')).toBe('false');
    expect(slot('Saturday 9AM').getAttribute('aria-pressed')).toBe('false');
  });

  it('is one tab stop; arrows, Home and End move, Space toggles', async () => {
    const { user, onChange } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    const focusable = within(grid())
      .getAllByRole('button')
      .filter((b) => b.tabIndex === 0);
    expect(focusable.map((b) => b.getAttribute('aria-label'))).toEqual(['Monday 8AM']);

    focusable[0]!.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toBe(slot('Tuesday 9AM'));
    await user.keyboard(' ');
    expect(slot('Tuesday 9AM').getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(slot('Tuesday 7PM'));
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    // Stops at the edges.
    expect(document.activeElement).toBe(slot('Sunday 7PM'));
    await user.keyboard('{Home}{Enter}');
    expect(slot('Sunday 8AM').getAttribute('aria-pressed')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith('Tue 9AM-10AM, Sun 8AM-9AM');
    expect(slot('Sunday 8AM').tabIndex).toBe(0);
    expect(slot('Monday 8AM').tabIndex).toBe(-1);
  });

  it('fills Mon-Fri 9-5 and clears everything', async () => {
    const { user } = renderCard('Sat 10AM-2PM');
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    await user.click(screen.getByRole('button', { name: 'Mon-Fri 9-5' }));
    expect(previewRows()).toEqual([['Monday – Friday', '9AM – 5PM']]);
    expect(slot('Saturday 10AM').getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(preview().textContent).toBe(NO_AVAILABILITY);
    expect(within(grid()).queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(within(grid()).getAllByRole('button', { pressed: false })).toHaveLength(84);
  });

  it('keeps what the grid cannot say as custom text', async () => {
    const { user, onChange } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    await user.type(screen.getByLabelText('Custom availability'), 'Sundays by request');
    expect(onChange).toHaveBeenLastCalledWith('Sundays by request');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(preview().textContent).toBe('Sundays by request');
  });

  it('previews the stored text as the public profile shows it, not its encoding', () => {
    renderCard('Mon-Fri 9AM-5PM, Sat 10AM-2PM. Sundays by request | Closed on public holidays');
    expect(previewRows()).toEqual([
      ['Monday – Friday', '9AM – 5PM'],
      ['Saturday', '10AM – 2PM'],
    ]);
    expect(within(preview()).getByText('Sundays by request')).toBeTruthy();
    expect(within(preview()).getByText('Closed on public holidays')).toBeTruthy();
    expect(preview().textContent).not.toContain('|');
    expect(preview().textContent).not.toContain('Mon-Fri');
  });

  it('cannot be opened while the form is saving', () => {
    renderCard('Mon 9AM-10AM', true);
    expect(screen.getByRole('button', { name: 'Edit availability' })).toHaveProperty('disabled', true);
  });
});
