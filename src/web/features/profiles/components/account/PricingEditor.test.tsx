import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Issue } from '#domain/errors.ts';
import type { ServicePackageInput } from '#domain/pricing.ts';
import { formatPrice, PRICING_LIMITS, type PriceParts } from '#domain/pricing-options.ts';
import { PRICING_TEXTS } from '#domain/pricing-texts.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { PricingEditor, type StoredPackage } from './PricingEditor';

type Save = (pricing: ServicePackageInput[]) => Promise<Issue[] | null>;

/** A package as the profile answers it: its type and numbers, and the text derived from them. */
function stored(service: string, description: string, parts: PriceParts): StoredPackage {
  const { priceType, minPrice = null, maxPrice = null } = parts;
  return {
    service,
    description,
    price: formatPrice(parts) ?? '',
    priceType,
    minPrice,
    maxPrice,
    durationMin: null,
    durationMax: null,
    bookingLink: '',
  };
}
/** What a save stores besides the price: the duration and the service's own link. */
const extrasOf = (p: ServicePackageInput) => ({
  durationMin: p.durationMin ?? null,
  durationMax: p.durationMax ?? null,
  bookingLink: p.bookingLink ?? '',
});
const fixed = (service: string, description: string, amount: number) =>
  stored(service, description, { priceType: 'fixed', minPrice: amount });

/** The profile form's part: a save that succeeds stores the list, and the editor shows it. */
function Harness({ initial, onSave }: { initial: StoredPackage[]; onSave: Save }) {
  const [pricing, setPricing] = useState<StoredPackage[]>(initial);
  return (
    <PricingEditor
      pricing={pricing}
      onSave={async (next) => {
        const issues = await onSave(next);
        if (!issues)
          setPricing(next.map((p) => ({ ...stored(p.service, p.description, p), ...extrasOf(p) })));
        return issues;
      }}
    />
  );
}

function renderEditor(initial: StoredPackage[] = [], onSave: Save = async () => null) {
  const save = vi.fn(onSave);
  return { ...renderWithProviders(<Harness initial={initial} onSave={save} />), save };
}

const form = () => screen.getByRole('group', { name: /Add a service|Edit service/ });

describe('PricingEditor', () => {
  it('tells the page when an open service form holds unsaved changes', async () => {
    const onDirtyChange = vi.fn();
    const { user } = renderWithProviders(
      <PricingEditor
        pricing={[fixed('Trim', 'A quick trim', 30)]}
        onSave={async () => null}
        onDirtyChange={onDirtyChange}
      />,
    );
    const lastReport = () => onDirtyChange.mock.calls.at(-1)?.[0];
    expect(lastReport()).toBe(false);

    // Opening a form is not an edit; changing a value is, and changing it back is not.
    await user.click(screen.getByRole('button', { name: 'Edit Trim' }));
    expect(lastReport()).toBe(false);
    await user.type(within(form()).getByLabelText('Service name'), 's');
    expect(lastReport()).toBe(true);
    await user.type(within(form()).getByLabelText('Service name'), '{Backspace}');
    expect(lastReport()).toBe(false);

    await user.type(within(form()).getByLabelText('Description'), ' and shape-up');
    expect(lastReport()).toBe(true);
    await user.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(lastReport()).toBe(false);
  });

  it('shows every field error and sends nothing for an empty package', async () => {
    const { user, save } = renderEditor();
    expect(screen.getByText(/No services yet/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.queryByRole('button', { name: 'Add Service' })).toBeNull();
    expect(within(form()).getByTestId('price-preview').textContent).toBe(PRICING_TEXTS.previewInvalid);
    await user.click(within(form()).getByRole('button', { name: 'Save service' }));

    expect(within(form()).getByText(PRICING_TEXTS.serviceRequired)).toBeTruthy();
    expect(within(form()).getByText(PRICING_TEXTS.descriptionRequired)).toBeTruthy();
    expect(within(form()).getByText(PRICING_TEXTS.validPrice)).toBeTruthy();
    expect(within(form()).getByLabelText('Service name').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();

    // Errors follow the typing once shown.
    await user.type(within(form()).getByLabelText('Service name'), 'Balayage');
    expect(within(form()).queryByText(PRICING_TEXTS.serviceRequired)).toBeNull();
  });

  it('previews a price range, refuses a max under the min, and sends the whole list', async () => {
    const { user, save } = renderEditor([fixed('Trim', 'A quick trim', 30)]);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const f = within(form());
    await user.type(f.getByLabelText('Service name'), 'Balayage');
    await user.type(f.getByLabelText('Description'), 'Hand-painted colour, 3 hours');
    await user.selectOptions(f.getByLabelText('Price type'), 'Price range');
    await user.type(f.getByLabelText('Min price ($)'), '180');
    await user.type(f.getByLabelText('Max price ($)'), '150');
    expect(f.getByTestId('price-preview').textContent).toBe(PRICING_TEXTS.previewInvalid);

    await user.click(f.getByRole('button', { name: 'Save service' }));
    expect(f.getByText(PRICING_TEXTS.maxAboveMin)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.clear(f.getByLabelText('Max price ($)'));
    await user.type(f.getByLabelText('Max price ($)'), '250');
    expect(f.getByTestId('price-preview').textContent).toBe('$180 - $250');
    await user.click(f.getByRole('button', { name: 'Save service' }));

    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toEqual([
      // A package saved before services had durations and links is sent back with neither.
      {
        service: 'Trim',
        description: 'A quick trim',
        priceType: 'fixed',
        minPrice: 30,
        maxPrice: null,
        durationMin: null,
        durationMax: null,
        bookingLink: '',
      },
      {
        service: 'Balayage',
        description: 'Hand-painted colour, 3 hours',
        priceType: 'range',
        minPrice: 180,
        maxPrice: 250,
        // The schema derives the text from the numbers (the server does the same).
        price: '$180 - $250',
        durationMin: null,
        durationMax: null,
        bookingLink: '',
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Services' });
    expect(within(list).getByText('Balayage')).toBeTruthy();
    expect(within(list).getByText('$180 - $250')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Add a service' })).toBeNull();
  });

  it('edits one package in place, with the other rows locked while the form is open', async () => {
    const { user, save } = renderEditor([
      fixed('Trim', 'A quick trim', 30),
      stored('Colour', 'All over', { priceType: 'starting_at', minPrice: 90 }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit Colour' }));
    const f = within(form());
    expect(f.getByLabelText('Price type')).toHaveProperty('value', 'starting_at');
    expect(f.getByLabelText('Starting price ($)')).toHaveProperty('value', '90');
    expect(screen.getByRole('button', { name: 'Edit Trim' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete Trim' })).toHaveProperty('disabled', true);

    await user.selectOptions(f.getByLabelText('Price type'), 'Contact for pricing');
    expect(f.queryByLabelText('Starting price ($)')).toBeNull();
    await user.click(f.getByRole('button', { name: 'Save service' }));

    expect(save.mock.calls[0]![0]).toEqual([
      // A package saved before services had durations and links is sent back with neither.
      {
        service: 'Trim',
        description: 'A quick trim',
        priceType: 'fixed',
        minPrice: 30,
        maxPrice: null,
        durationMin: null,
        durationMax: null,
        bookingLink: '',
      },
      {
        service: 'Colour',
        description: 'All over',
        priceType: 'contact',
        minPrice: null,
        maxPrice: null,
        price: 'Contact for pricing',
        durationMin: null,
        durationMax: null,
        bookingLink: '',
      },
    ]);
  });

  it("shows the server's issue about this package on its field and keeps the form open", async () => {
    const { user } = renderEditor([fixed('Trim', 'A quick trim', 30)], async () => [
      { path: 'pricing.1.minPrice', message: 'Prices must be at most $100,000' },
      { path: 'pricing.0.service', message: 'About another package' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const f = within(form());
    await user.type(f.getByLabelText('Service name'), 'Balayage');
    await user.type(f.getByLabelText('Description'), 'Colour');
    await user.type(f.getByLabelText('Price ($)'), '120');
    await user.click(f.getByRole('button', { name: 'Save service' }));

    expect(await f.findByText('Prices must be at most $100,000')).toBeTruthy();
    expect(f.getByLabelText('Price ($)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('About another package')).toBeNull();
    expect(f.getByRole('button', { name: 'Save service' })).toHaveProperty('disabled', false);
  });

  it('deletes a package after confirming, sending the list without it', async () => {
    const { user, save } = renderEditor([fixed('Trim', 'A quick trim', 30), fixed('Colour', 'All over', 90)]);
    await user.click(screen.getByRole('button', { name: 'Delete Trim' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this service?' });
    expect(within(confirm).getByText("'Trim' will be removed from your profile.")).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete service' }));

    expect(save.mock.calls[0]![0]).toEqual([
      {
        service: 'Colour',
        description: 'All over',
        priceType: 'fixed',
        minPrice: 90,
        maxPrice: null,
        durationMin: null,
        durationMax: null,
        bookingLink: '',
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Delete Colour' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Trim' })).toBeNull();
  });

  it("sends a duration range and the service's own link, and shows them in the list", async () => {
    const { user, save } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const f = within(form());
    await user.type(f.getByLabelText('Service name'), 'Balayage');
    await user.type(f.getByLabelText('Description'), 'Hand-painted colour');
    await user.type(f.getByLabelText('Price ($)'), '180');
    await user.type(f.getByLabelText('Duration (minutes)'), '150');
    expect(f.getByTestId('duration-preview').textContent).toBe('2 h 30 min');
    await user.type(f.getByLabelText('Longest (minutes)'), '180');
    expect(f.getByTestId('duration-preview').textContent).toBe('2 h 30 min–3 h');
    await user.type(f.getByLabelText('Booking link for this service'), 'https://book.example.com/balayage');
    await user.click(f.getByRole('button', { name: 'Save service' }));

    expect(save.mock.calls[0]![0]).toEqual([
      {
        service: 'Balayage',
        description: 'Hand-painted colour',
        priceType: 'fixed',
        minPrice: 180,
        maxPrice: null,
        price: '$180',
        durationMin: 150,
        durationMax: 180,
        bookingLink: 'https://book.example.com/balayage',
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Services' });
    expect(within(list).getByText('$180 · 2 h 30 min–3 h')).toBeTruthy();
    expect(within(list).getByText('Own booking link: https://book.example.com/balayage')).toBeTruthy();

    // Editing starts from what is stored.
    await user.click(screen.getByRole('button', { name: 'Edit Balayage' }));
    expect(within(form()).getByLabelText('Duration (minutes)')).toHaveProperty('value', '150');
    expect(within(form()).getByLabelText('Longest (minutes)')).toHaveProperty('value', '180');
    expect(within(form()).getByLabelText('Booking link for this service')).toHaveProperty(
      'value',
      'https://book.example.com/balayage',
    );
  });

  it("shows the schema's duration and link errors by their fields and sends nothing", async () => {
    const { user, save } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const f = within(form());
    await user.type(f.getByLabelText('Service name'), 'Trim');
    await user.type(f.getByLabelText('Description'), 'A quick trim');
    await user.type(f.getByLabelText('Price ($)'), '30');
    await user.type(f.getByLabelText('Duration (minutes)'), '60');
    await user.type(f.getByLabelText('Longest (minutes)'), '45');
    await user.type(f.getByLabelText('Booking link for this service'), 'javascript:alert(1)');
    await user.click(f.getByRole('button', { name: 'Save service' }));

    expect(f.getByText(PRICING_TEXTS.durationMaxAboveMin)).toBeTruthy();
    expect(f.getByLabelText('Longest (minutes)').getAttribute('aria-invalid')).toBe('true');
    expect(f.getByText('Please enter a valid link starting with http:// or https://')).toBeTruthy();
    expect(f.getByLabelText('Booking link for this service').getAttribute('aria-invalid')).toBe('true');
    expect(f.queryByTestId('duration-preview')).toBeNull();

    await user.clear(f.getByLabelText('Longest (minutes)'));
    await user.clear(f.getByLabelText('Duration (minutes)'));
    await user.type(f.getByLabelText('Duration (minutes)'), '721');
    expect(f.getByText(PRICING_TEXTS.validDuration)).toBeTruthy();
    expect(f.getByLabelText('Duration (minutes)').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the server's issue about the service's link on its field", async () => {
    const { user } = renderEditor([], async () => [
      { path: 'pricing.0.bookingLink', message: 'The link is too long' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const f = within(form());
    await user.type(f.getByLabelText('Service name'), 'Trim');
    await user.type(f.getByLabelText('Description'), 'A quick trim');
    await user.type(f.getByLabelText('Price ($)'), '30');
    await user.type(f.getByLabelText('Booking link for this service'), 'https://book.example.com/trim');
    await user.click(f.getByRole('button', { name: 'Save service' }));
    expect(await f.findByText('The link is too long')).toBeTruthy();
    expect(f.getByLabelText('Booking link for this service').getAttribute('aria-invalid')).toBe('true');
  });

  it('stops adding at the package limit', () => {
    const full = Array.from({ length: PRICING_LIMITS.packagesMax }, (_, i) =>
      fixed(`Service ${i + 1}`, 'Something', 10),
    );
    renderEditor(full);
    expect(screen.getByRole('button', { name: 'Add Service' })).toHaveProperty('disabled', true);
    expect(screen.getByText(PRICING_TEXTS.tooMany)).toBeTruthy();
  });
});
