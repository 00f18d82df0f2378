import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instantToWallTime, type ProviderTimeZone } from '#domain/openings.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { OpeningDialog } from './OpeningDialog';

const ZONE = 'America/Phoenix';
const timeZone: ProviderTimeZone = {
  chosen: ZONE,
  zip_time_zone: ZONE,
  zip: '85004',
  city: 'Phoenix',
  effective: ZONE,
};

describe('OpeningDialog messages', () => {
  it("says a start in the past in the dialog ('Invalid Time'), not in a toast over its title", async () => {
    const requests = stubFetch(() => undefined);
    const { user } = renderWithProviders(
      <>
        <OpeningDialog open onOpenChange={() => {}} opening={null} services={[]} timeZone={timeZone} />
        <Toaster theme="light" />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Opening' });
    await user.type(within(dialog).getByRole('textbox', { name: /Service type/ }), 'Silk press');
    const start = Date.now() - 86_400_000;
    fireEvent.input(within(dialog).getByLabelText(/^Start/), {
      target: { value: instantToWallTime(start, ZONE) },
    });
    fireEvent.input(within(dialog).getByLabelText(/^End/), {
      target: { value: instantToWallTime(start + 3_600_000, ZONE) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add Opening' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Invalid Time');
    expect(alert.textContent).toContain('Start time must be in the future');
    expect(screen.getAllByText('Invalid Time')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /^Notifications/ })).toBeNull();
    expect(requests).toHaveLength(0);
  });
});

const SERVICES = [
  {
    service: 'Balayage',
    price: '$180',
    priceType: 'fixed',
    minPrice: 180,
    durationMin: 120,
    durationMax: 150,
  },
  { service: 'Cut', price: '$40 - $60', priceType: 'range', minPrice: 40, durationMin: 30 },
] as const;

describe('OpeningDialog from a service', () => {
  it("fills the service's name, price and end (start plus the longest duration); a reduced price replaces the price", async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const requests = stubFetch((r) =>
      r.method === 'POST'
        ? {
            body: {
              success: true,
              message: 'Upcoming availability created successfully',
              opening: {},
              public_from: null,
            },
          }
        : undefined,
    );
    const { user } = renderWithProviders(
      <OpeningDialog open onOpenChange={() => {}} opening={null} services={SERVICES} timeZone={timeZone} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Opening' });
    const start = Date.now() + 2 * 86_400_000;
    const startValue = instantToWallTime(start, ZONE);
    fireEvent.input(within(dialog).getByLabelText(/^Start/), { target: { value: startValue } });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'From one of your services' }),
      'Balayage',
    );

    const name = within(dialog).getByLabelText(/^Service type/) as HTMLInputElement;
    expect(name.value).toBe('Balayage');
    expect(name.readOnly).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: /^Price/ }) as HTMLInputElement).value).toBe('$180');
    const end = within(dialog).getByLabelText(/^End/) as HTMLInputElement;
    expect(end.value).toBe(instantToWallTime(start + 150 * 60_000, ZONE));
    // The end follows a new start.
    fireEvent.input(within(dialog).getByLabelText(/^Start/), {
      target: { value: instantToWallTime(start + 3_600_000, ZONE) },
    });
    expect(end.value).toBe(instantToWallTime(start + 3_600_000 + 150 * 60_000, ZONE));

    const reduced = within(dialog).getByRole('spinbutton', { name: /Reduced price/ });
    expect(within(dialog).getByText("Optional. Regular price $180; shown as 'was $180'")).toBeTruthy();
    await user.type(reduced, '140');
    expect(within(dialog).getByText("Shown as 'was $180, now $140'")).toBeTruthy();
    // The reduced price is the price: no price box to contradict it.
    expect(within(dialog).queryByRole('textbox', { name: /^Price/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Add Opening' }));
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]!.body).toMatchObject({
      service_type: 'Balayage',
      service: 'Balayage',
      reduced_price: 140,
    });
    expect(requests[0]!.body).not.toHaveProperty('regular_price');
  });

  it('offers no reduced price for a price range, and says a reduced price must be below the regular one', async () => {
    stubFetch(() => undefined);
    const { user } = renderWithProviders(
      <OpeningDialog open onOpenChange={() => {}} opening={null} services={SERVICES} timeZone={timeZone} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Opening' });
    const select = within(dialog).getByRole('combobox', { name: 'From one of your services' });
    await user.selectOptions(select, 'Cut');
    expect(within(dialog).queryByRole('spinbutton', { name: /Reduced price/ })).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: /^Price/ }) as HTMLInputElement).value).toBe(
      '$40 - $60',
    );
    await user.selectOptions(select, 'Balayage');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Reduced price/ }), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Add Opening' }));
    expect(await within(dialog).findByText('The reduced price must be below the regular $180')).toBeTruthy();
    // 'None' gives the name back to type.
    await user.selectOptions(select, '');
    expect((within(dialog).getByLabelText(/^Service type/) as HTMLInputElement).readOnly).toBe(false);
  });
});
