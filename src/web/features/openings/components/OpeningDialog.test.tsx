import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instantToWallTime, type ProviderTimeZone } from '#domain/openings.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
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
