/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { AccountProfile, PublicProfile } from '../src/domain/profiles';
import {
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  signInWith,
  type TestAccount,
  test,
} from './fixtures';

const SHOTS = '/tmp/shots';

/** A soft gradient picture as PNG bytes (the browser resizes it, the server re-encodes it). */
async function artPng(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${hue + 50},55%,38%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.6}" cy="${height * 0.4}" r="${Math.min(width, height) / 4}" fill="hsla(${hue + 180},80%,92%,0.5)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function storedProfile(request: APIRequestContext, account: TestAccount): Promise<AccountProfile> {
  const res = await request.get('/api/auth/profile', {
    headers: { Authorization: `Bearer ${account.session.access_token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { profile: AccountProfile }).profile;
}

/** Nia, a provider as sign-up leaves her: no service yet, so not listed until the page adds one. */
async function createProvider(request: APIRequestContext, mail: Parameters<typeof createVerifiedAccount>[1]) {
  return createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Nia Brooks',
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'provider',
    { listed: false },
  );
}

// The shared header is checked by its own spec: these checks are about the account page and its dialogs.
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Fills the package form and saves it; `expectPreview` is what the live preview must show first. */
async function addPackage(
  pricing: Locator,
  pkg: { service: string; description: string; type: string; min?: string; max?: string },
  expectPreview: string,
) {
  await pricing.getByRole('button', { name: 'Add Service' }).click();
  const form = pricing.getByRole('group', { name: 'Add a service' });
  await form.getByLabel('Service name').fill(pkg.service);
  await form.getByLabel('Description').fill(pkg.description);
  await form.getByLabel('Price type').selectOption({ label: pkg.type });
  if (pkg.min !== undefined) await form.getByRole('spinbutton').first().fill(pkg.min);
  if (pkg.max !== undefined) await form.getByLabel('Max price ($)').fill(pkg.max);
  await expect(form.getByTestId('price-preview')).toHaveText(expectPreview);
  await form.getByRole('button', { name: 'Save service' }).click();
  await expect(form).toBeHidden();
}

test('a provider edits every part of the profile, uploads pictures, and it all persists and shows publicly', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(180_000);
  const nia = await createProvider(request, mail);
  await signInWith(page, nia);
  await page.goto('/account');

  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Service Provider', { exact: true })).toBeVisible();
  await expect(page.getByText(nia.email, { exact: true })).toBeVisible();
  // Not listed yet: the link is to her preview, and the checklist names the one thing missing.
  await expect(page.getByRole('link', { name: 'Preview your profile' })).toHaveAttribute(
    'href',
    `/${nia.session.user.routing_slug}`,
  );
  await expect(
    page.getByRole('region', { name: 'Finish your profile to be listed' }).getByRole('link'),
  ).toHaveText(['At least one service with its price (missing)']);
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(nia.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByText('Change your sign-in email in Settings')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Create Your Public Profile' })).toHaveCount(0);

  // What the browser sends: every image resized to fit its box, re-encoded at quality 0.9.
  const sent: { url: string; width?: number; height?: number; format?: string }[] = [];
  page.on('request', async (req) => {
    if (!req.url().includes('/api/upload/') || req.method() !== 'POST') return;
    const { file } = req.postDataJSON() as { file: string };
    const meta = await sharp(Buffer.from(file.split(',')[1]!, 'base64')).metadata();
    sent.push({
      url: new URL(req.url()).pathname,
      width: meta.width,
      height: meta.height,
      format: meta.format,
    });
  });

  // --- Avatar: checked, resized and uploaded; the header shows it at once.
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await artPng(1600, 1200, 320),
  });
  await expect(toast(page, 'Profile picture updated')).toBeVisible();
  await expect(
    page.getByRole('button', { name: /Account menu for Nia Brooks/ }).locator('img'),
  ).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'anim.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(toast(page, 'Please use JPEG, PNG, or WebP format')).toBeVisible();
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10.5 * 1024 * 1024),
  });
  await expect(toast(page, 'Image size must be less than 10MB')).toBeVisible();

  // --- Text fields.
  await page.getByLabel('Business/Professional Name').fill('Nia Brooks Studio');
  await page.getByLabel('Location').fill('Austin, TX');
  const zip = page.getByLabel('Zip code');
  await zip.fill('7870');
  await zip.blur();
  await expect(page.getByText('Zip code must be 5 digits')).toBeVisible();
  await zip.fill('78704');
  await expect(page.getByText('Zip code must be 5 digits')).toBeHidden();
  await expect(page.getByLabel('Booking Link')).toHaveAttribute('type', 'url');
  await page.getByLabel('Booking Link').fill('https://book.example.com/nia-brooks');
  const bio = 'Silk presses, knotless braids and healthy-hair care for every texture.';
  const bioBox = page.getByLabel('Professional Bio');
  await expect(bioBox).toHaveAttribute('rows', '4');
  await bioBox.fill(bio);
  await expect(page.getByText(`${bio.length}/2,000 characters`)).toBeVisible();
  await page.getByLabel('License Information').fill('TX Cosmetology Operator #1234567');
  await page.getByLabel('Additional Details').fill('Ground-floor studio with step-free access.');

  // --- Lists: Enter, the Add button, the pick-lists; refusals; remove by position.
  const specialties = page.getByRole('group', { name: /^Specialties/ });
  const newSpecialty = specialties.getByLabel('New specialty');
  await newSpecialty.fill('  Knotless braids  ');
  await newSpecialty.press('Enter');
  await expect(newSpecialty).toHaveValue('');
  await newSpecialty.fill('Silk press');
  await specialties.getByRole('button', { name: 'Add', exact: true }).click();
  await newSpecialty.fill('silk PRESS');
  await newSpecialty.press('Enter');
  await expect(specialties.getByRole('alert')).toHaveText('silk PRESS is already in the list');
  await newSpecialty.fill('x'.repeat(61));
  await newSpecialty.press('Enter');
  await expect(specialties.getByRole('alert')).toHaveText('Each item must be at most 60 characters');
  await newSpecialty.fill('   ');
  await newSpecialty.press('Enter');
  await expect(specialties.getByRole('alert')).toHaveText('Please enter a value');
  await newSpecialty.fill('Temporary');
  await newSpecialty.press('Enter');
  await newSpecialty.fill('Trims');
  await newSpecialty.press('Enter');
  await specialties.getByRole('button', { name: 'Remove Temporary' }).click();
  await expect(specialties.getByRole('listitem')).toHaveText(['Knotless braids', 'Silk press', 'Trims']);

  const certifications = page.getByRole('group', { name: /^Certifications/ });
  await certifications.getByLabel('New certification').fill('Natural Hair Certified');
  await certifications.getByLabel('New certification').press('Enter');

  const amenities = page.getByRole('group', { name: /^Amenities/ });
  const amenityPick = amenities.getByLabel('Choose amenities from the list');
  await expect(amenityPick.locator('option')).toHaveCount(13);
  await amenityPick.selectOption('Wheelchair Accessible');
  await amenityPick.selectOption('Free Wi-Fi');
  await expect(amenityPick.locator('option', { hasText: 'Wheelchair Accessible' })).toHaveCount(0);
  await expect(amenityPick.locator('option')).toHaveCount(11);
  await amenities.getByLabel('New amenity').fill('Quiet room');
  await amenities.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(amenities.getByRole('listitem')).toHaveText([
    'Wheelchair Accessible',
    'Free Wi-Fi',
    'Quiet room',
  ]);

  const products = page.getByRole('group', { name: /^Products Used/ });
  await products.getByLabel('Choose products used from the list').selectOption('Olaplex');
  await products.getByLabel('Choose products used from the list').selectOption('Aveda');
  await products.getByLabel('New product').fill('Mielle');
  await products.getByLabel('New product').press('Enter');
  await expect(products.getByRole('listitem')).toHaveText(['Olaplex', 'Aveda', 'Mielle']);

  // --- Availability: preset, Clear All, the grid by mouse and keyboard, custom text and notes.
  const availability = page.getByRole('region', { name: 'Availability' });
  const preview = availability.getByTestId('availability-preview');
  await expect(preview).toHaveText('No availability set');
  await availability.getByRole('button', { name: 'Edit availability' }).click();
  await availability.getByRole('button', { name: 'Mon-Fri 9-5' }).click();
  // The preview lists days and hours as the public profile does, not the stored text.
  await expect(preview.getByRole('term')).toHaveText(['Monday – Friday']);
  await expect(preview.getByRole('definition')).toHaveText(['9AM – 5PM']);
  await expect(availability.getByRole('button', { name: 'Monday 9AM' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(availability.getByRole('button', { name: 'Monday 5PM' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await availability.getByRole('button', { name: 'Clear All' }).click();
  await expect(preview).toHaveText('No availability set');
  await availability.getByRole('button', { name: 'Mon-Fri 9-5' }).click();
  await availability.getByRole('button', { name: 'Saturday 10AM' }).click();
  await availability.getByRole('button', { name: 'Saturday 11AM' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(availability.getByRole('button', { name: 'Saturday 12PM' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(availability.getByRole('button', { name: 'Saturday 12PM' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('ArrowUp');
  await expect(availability.getByRole('button', { name: 'Friday 12PM' })).toBeFocused();
  await expect(preview.getByRole('term')).toHaveText(['Monday – Friday', 'Saturday']);
  await expect(preview.getByRole('definition')).toHaveText(['9AM – 5PM', '10AM – 1PM']);
  await availability.getByLabel('Custom availability').fill('Sundays by request');
  await availability.getByLabel('Additional notes').fill('Closed on public holidays');
  const availabilityText = 'Mon-Fri 9AM-5PM, Sat 10AM-1PM. Sundays by request | Closed on public holidays';
  const previewShowsAvailability = async () => {
    await expect(preview.getByRole('term')).toHaveText(['Monday – Friday', 'Saturday']);
    await expect(preview.getByRole('definition')).toHaveText(['9AM – 5PM', '10AM – 1PM']);
    await expect(preview.getByText('Sundays by request')).toBeVisible();
    await expect(preview.getByText('Closed on public holidays')).toBeVisible();
    await expect(preview).not.toContainText('|');
  };
  await previewShowsAvailability();
  await availability.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByText('You have unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Provider profile updated successfully')).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Nia Brooks Studio/ })).toBeVisible();

  // --- Pricing: validation messages, a package of each type, edit, delete; each save is stored at once.
  const pricing = page.getByRole('region', { name: 'Services & Pricing' });
  await pricing.getByRole('button', { name: 'Add Service' }).click();
  const addForm = pricing.getByRole('group', { name: 'Add a service' });
  await expect(addForm.getByTestId('price-preview')).toHaveText('Enter valid price to see preview');
  const priceInput = addForm.getByLabel('Price ($)');
  await expect(priceInput).toHaveAttribute('step', '0.01');
  await expect(priceInput).toHaveAttribute('min', '0');
  await addForm.getByRole('button', { name: 'Save service' }).click();
  await expect(addForm.getByText('Service name is required')).toBeVisible();
  await expect(addForm.getByText('Description is required')).toBeVisible();
  await expect(addForm.getByText('Valid price is required')).toBeVisible();
  await addForm.getByLabel('Service name').fill('Silk press');
  await expect(addForm.getByText('Service name is required')).toBeHidden();
  await addForm.getByLabel('Description').fill('Wash, deep condition, blow-dry and press');
  await priceInput.fill('85');
  await expect(addForm.getByTestId('price-preview')).toHaveText('$85');
  await addForm.getByLabel('Price type').selectOption({ label: 'Price range' });
  await addForm.getByLabel('Min price ($)').fill('200');
  await addForm.getByLabel('Max price ($)').fill('150');
  await expect(addForm.getByTestId('price-preview')).toHaveText('Enter valid price to see preview');
  await addForm.getByRole('button', { name: 'Save service' }).click();
  await expect(addForm.getByText('Max price must be greater than min price')).toBeVisible();
  // While the form is open the list cannot be edited (nothing to edit yet: the add button is gone).
  await expect(pricing.getByRole('button', { name: 'Add Service' })).toHaveCount(0);
  await addForm.getByRole('button', { name: 'Cancel' }).click();

  await addPackage(
    pricing,
    {
      service: 'Silk press',
      description: 'Wash, deep condition, blow-dry and press',
      type: 'Fixed price',
      min: '85',
    },
    '$85',
  );
  await expect(toast(page, 'Profile updated successfully').first()).toBeVisible();
  expect((await storedProfile(request, nia)).pricing).toHaveLength(1);
  await addPackage(
    pricing,
    {
      service: 'Knotless braids',
      description: 'Mid-back length',
      type: 'Price range',
      min: '200',
      max: '320',
    },
    '$200 - $320',
  );
  await addPackage(
    pricing,
    { service: 'Trim', description: 'Dusting and shape-up', type: 'Starting at', min: '35.5' },
    'Starting at $35.50',
  );
  await addPackage(
    pricing,
    { service: 'Bridal styling', description: 'Trial and wedding-day styling', type: 'Contact for pricing' },
    'Contact for pricing',
  );
  await addPackage(
    pricing,
    { service: 'Wash', description: 'To be removed', type: 'Fixed price', min: '20' },
    '$20',
  );

  // Editing and deleting wait while the form is open.
  await pricing.getByRole('button', { name: 'Add Service' }).click();
  await expect(pricing.getByRole('button', { name: 'Edit Silk press' })).toBeDisabled();
  await expect(pricing.getByRole('button', { name: 'Delete Silk press' })).toBeDisabled();
  await pricing.getByRole('button', { name: 'Cancel' }).click();

  await pricing.getByRole('button', { name: 'Edit Silk press' }).click();
  const editForm = pricing.getByRole('group', { name: 'Edit service' });
  await expect(editForm.getByLabel('Service name')).toHaveValue('Silk press');
  await editForm.getByLabel('Price ($)').fill('90');
  await editForm.getByLabel('Price ($)').press('Enter');
  await expect(editForm).toBeHidden();

  await pricing.getByRole('button', { name: 'Delete Wash' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this service?' });
  await expect(confirm).toContainText("'Wash' will be removed");
  await confirm.getByRole('button', { name: 'Delete service' }).click();
  await expect(confirm).toBeHidden();
  const services = pricing.getByRole('list', { name: 'Services' }).getByRole('listitem');
  await expect(services).toHaveCount(4);
  await expect(services.nth(0)).toContainText('$90');
  await expect(services.nth(1)).toContainText('$200 - $320');
  await expect(services.nth(2)).toContainText('Starting at $35.50');
  await expect(services.nth(3)).toContainText('Contact for pricing');

  // --- Portfolio: two images at once (plus one more, then deleted), and a refused file.
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  const tiny = await artPng(40, 40, 90);
  await portfolio
    .getByTestId('portfolio-input')
    .setInputFiles(
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: tiny })),
    );
  await expect(toast(page, 'Too Many Images')).toContainText(
    'You can only have up to 10 portfolio images. Currently you have 0.',
  );
  await expect(portfolio.getByText('0 of 10 images')).toBeVisible();
  await portfolio.getByTestId('portfolio-input').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await artPng(2400, 1600, 20) },
    { name: 'two.png', mimeType: 'image/png', buffer: await artPng(1000, 1400, 200) },
  ]);
  await expect(toast(page, '2 images added to your portfolio')).toBeVisible();
  await expect(portfolio.getByRole('img', { name: /Portfolio image/ })).toHaveCount(2);
  await portfolio.getByTestId('portfolio-input').setInputFiles([
    { name: 'three.png', mimeType: 'image/png', buffer: await artPng(800, 800, 120) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  await expect(toast(page, '1 upload failed: Please select a valid image file')).toBeVisible();
  await expect(portfolio.getByRole('img', { name: /Portfolio image/ })).toHaveCount(3);
  const third = await portfolio.getByRole('img', { name: 'Portfolio image 3' }).getAttribute('src');
  // A failed delete says so and keeps the image.
  await page.route('**/api/upload/portfolio', (route) =>
    route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue(),
  );
  await portfolio.getByRole('button', { name: 'Delete portfolio image 3' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this image?' })
    .getByRole('button', { name: 'Delete image' })
    .click();
  await expect(toast(page, 'Delete Failed')).toContainText('Failed to delete image');
  await expect(portfolio.getByRole('img', { name: /Portfolio image/ })).toHaveCount(3);
  await page.unroute('**/api/upload/portfolio');
  await portfolio.getByRole('button', { name: 'Delete portfolio image 3' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this image?' })
    .getByRole('button', { name: 'Delete image' })
    .click();
  await expect(portfolio.getByRole('img', { name: /Portfolio image/ })).toHaveCount(2);
  await expect(portfolio.getByText('2 of 10 images')).toBeVisible();
  const thumb = await portfolio.getByRole('img', { name: 'Portfolio image 1' });
  await expect(thumb).toHaveAttribute('src', /\.thumb\.webp$/);
  await expect(thumb).toHaveAttribute('loading', 'lazy');
  // The deleted file is gone from the server too.
  expect((await request.get(third!)).status()).toBe(404);

  expect(sent).toEqual([
    { url: '/api/upload/avatar', width: 400, height: 300, format: 'webp' },
    { url: '/api/upload/portfolio', width: 1200, height: 800, format: 'webp' },
    { url: '/api/upload/portfolio', width: 857, height: 1200, format: 'webp' },
    { url: '/api/upload/portfolio', width: 800, height: 800, format: 'webp' },
  ]);

  // --- Stored: the API answers exactly what was entered.
  const stored = await storedProfile(request, nia);
  expect(stored).toMatchObject({
    name: 'Nia Brooks Studio',
    location: 'Austin, TX',
    zip: '78704',
    booking_link: 'https://book.example.com/nia-brooks',
    bio,
    license_details: 'TX Cosmetology Operator #1234567',
    additional_details: 'Ground-floor studio with step-free access.',
    availability: availabilityText,
    specialties: ['Knotless braids', 'Silk press', 'Trims'],
    certifications: ['Natural Hair Certified'],
    amenities: ['Wheelchair Accessible', 'Free Wi-Fi', 'Quiet room'],
    products: ['Olaplex', 'Aveda', 'Mielle'],
  });
  expect(stored.avatar_url).toMatch(/^\/uploads\/.+\.webp$/);
  expect(stored.portfolio_images).toHaveLength(2);
  expect(stored.pricing?.map((p) => [p.service, p.price])).toEqual([
    ['Silk press', '$90'],
    ['Knotless braids', '$200 - $320'],
    ['Trim', 'Starting at $35.50'],
    ['Bridal styling', 'Contact for pricing'],
  ]);

  // --- After a reload the page reads it all back (the grid too).
  await page.reload();
  await expect(page.getByLabel('Business/Professional Name')).toHaveValue('Nia Brooks Studio');
  await expect(page.getByLabel('Location')).toHaveValue('Austin, TX');
  await expect(page.getByLabel('Zip code')).toHaveValue('78704');
  await expect(page.getByLabel('Booking Link')).toHaveValue('https://book.example.com/nia-brooks');
  await expect(page.getByLabel('Professional Bio')).toHaveValue(bio);
  await expect(page.getByLabel('License Information')).toHaveValue('TX Cosmetology Operator #1234567');
  await expect(page.getByLabel('Additional Details')).toHaveValue(
    'Ground-floor studio with step-free access.',
  );
  await expect(page.getByRole('group', { name: /^Specialties/ }).getByRole('listitem')).toHaveText([
    'Knotless braids',
    'Silk press',
    'Trims',
  ]);
  await expect(page.getByRole('group', { name: /^Products Used/ }).getByRole('listitem')).toHaveText([
    'Olaplex',
    'Aveda',
    'Mielle',
  ]);
  await previewShowsAvailability();
  await availability.getByRole('button', { name: 'Edit availability' }).click();
  await expect(availability.getByRole('button', { name: 'Saturday 12PM' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(availability.getByRole('button', { name: 'Saturday 1PM' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(availability.getByLabel('Custom availability')).toHaveValue('Sundays by request');
  await expect(availability.getByLabel('Additional notes')).toHaveValue('Closed on public holidays');
  await expect(services).toHaveCount(4);
  await expect(portfolio.getByRole('img', { name: /Portfolio image/ })).toHaveCount(2);

  // --- The public page and its API show the same.
  const slug = nia.session.user.routing_slug;
  const pub = (await (await request.get(`/api/user/${slug}`)).json()) as { profile: PublicProfile };
  expect(pub.profile).toMatchObject({
    name: 'Nia Brooks Studio',
    bio,
    availability: availabilityText,
    amenities: ['Wheelchair Accessible', 'Free Wi-Fi', 'Quiet room'],
    portfolio_images: stored.portfolio_images,
    avatar_url: stored.avatar_url,
  });
  // Her first service listed her.
  await expect(page.getByRole('region', { name: 'Your profile is live' })).toBeVisible();
  await page.getByRole('link', { name: 'View public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Nia Brooks Studio' })).toBeVisible();
  const section = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(section('About')).toContainText('knotless braids');
  await expect(section('My Work').getByRole('img')).toHaveCount(2);
  await expect(section('Services & Pricing')).toContainText('$200 - $320');
  await expect(section('Services & Pricing')).toContainText('Starting at $35.50');
  await expect(section('Specialties').getByRole('listitem')).toHaveText([
    'Knotless braids',
    'Silk press',
    'Trims',
  ]);
  await expect(section('Availability')).toContainText('Sundays by request');
  await expect(section('Licensed Professional')).toContainText('TX Cosmetology Operator #1234567');
});

test('a client changes the name, then becomes a service provider', async ({ page, request, mail }) => {
  const cam = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Cam Client' },
    'client',
  );
  await signInWith(page, cam);
  await page.goto('/account');

  await expect(page.getByText('Client', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Business/Professional Name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Profile' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View public profile' })).toHaveCount(0);
  const name = page.getByLabel('Full Name');
  await expect(name).toHaveValue('Cam Client');

  await name.fill('   ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect((await storedProfile(request, cam)).name).toBe('Cam Client');

  await name.fill('Cameron Client');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Account information updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Cameron Client/ })).toBeVisible();
  expect((await storedProfile(request, cam)).name).toBe('Cameron Client');

  // 'Maybe Later' changes nothing.
  const card = page.getByRole('region', { name: 'Create Your Public Profile' });
  await card.getByRole('button', { name: 'Become a Service Provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Become a Service Provider' });
  await expect(dialog.getByRole('listitem')).toHaveText([
    'Your own public profile page',
    'A portfolio to showcase your work',
    'Direct booking integration with your booking link',
    'Appear in client searches',
    'Post your upcoming availability',
  ]);
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(dialog).toBeHidden();
  expect((await storedProfile(request, cam)).user_type).toBe('client');

  await card.getByRole('button', { name: 'Become a Service Provider' }).click();
  await dialog.getByRole('button', { name: 'Create My Service Profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'complete your profile')).toBeVisible();
  await expect(page.getByText('Service Provider', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Business/Professional Name')).toHaveValue('Cameron Client');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await storedProfile(request, cam)).user_type).toBe('provider');
  // The session changed in the page's memory; storage keeps only the hint (no profile, no token).
  expect(await page.evaluate(() => localStorage.getItem('glowfind.session'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('glowfind.signed-in'))).toBe(cam.session.user.id);

  // A new provider must give a location before the profile saves.
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Location is required')).toBeVisible();
  await expect(page.getByLabel('Location')).toBeFocused();
  await page.getByLabel('Location').fill('Denver, CO 80202');
  // Hold the save a moment to see the saving state: buttons off, a spinner, a status line.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/profile', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  const save = page.getByRole('button', { name: 'Save Profile' });
  await save.click();
  await expect(save).toBeDisabled();
  await expect(page.getByText('Saving your profile...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Service' })).toBeDisabled();
  release();
  await expect(toast(page, 'Provider profile updated successfully')).toBeVisible();
  await expect(save).toBeEnabled();
  await page.unroute('**/api/auth/profile');
  const stored = await storedProfile(request, cam);
  expect(stored.location).toBe('Denver, CO 80202');
  expect(stored.zip).toBe('80202');
  // A place but no service yet: a preview only she can open, and the checklist says what is left.
  await expect(page.getByRole('link', { name: 'Preview your profile' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Finish your profile to be listed' }).getByRole('link'),
  ).toHaveText(['At least one service with its price (missing)']);
});

test('a javascript: booking link shows the field error and changes nothing', async ({
  page,
  request,
  mail,
}) => {
  const nia = await createProvider(request, mail);
  const unparsable = 'Most weekday mornings, call first';
  const put = await request.put('/api/auth/profile', {
    headers: { Authorization: `Bearer ${nia.session.access_token}` },
    data: { availability: unparsable },
  });
  expect(put.status()).toBe(200);
  const before = await storedProfile(request, nia);
  await signInWith(page, nia);
  await page.goto('/account');

  // Text the grid cannot read comes back as custom text, not lost.
  const availability = page.getByRole('region', { name: 'Availability' });
  await expect(availability.getByTestId('availability-preview')).toHaveText(unparsable);
  await availability.getByRole('button', { name: 'Edit availability' }).click();
  await expect(availability.getByLabel('Custom availability')).toHaveValue(unparsable);
  await expect(availability.locator('button[aria-pressed="true"]')).toHaveCount(0);

  // A list stops at 30 entries.
  const certifications = page.getByRole('group', { name: /^Certifications/ });
  const input = certifications.getByLabel('New certification');
  for (let i = 1; i <= 30; i++) {
    await input.fill(`Certificate ${i}`);
    await input.press('Enter');
  }
  await expect(certifications.getByRole('listitem')).toHaveCount(30);
  await expect(certifications).toContainText(
    'You can add at most 30 certifications. Remove one to add another.',
  );
  await expect(input).toBeDisabled();
  await certifications.getByRole('button', { name: 'Remove Certificate 7' }).click();
  await expect(input).toBeEnabled();

  const puts: string[] = [];
  page.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
  await page.getByLabel('Professional Bio').fill('This edit must not be stored.');
  const link = page.getByLabel('Booking Link');
  await link.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Please enter a valid link starting with http:// or https://')).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toBeFocused();
  expect(puts).toEqual([]);
  expect(await storedProfile(request, nia)).toEqual(before);

  // The server holds the same line for anyone who skips the form.
  const res = await request.put('/api/auth/profile', {
    headers: { Authorization: `Bearer ${nia.session.access_token}` },
    data: { booking_link: 'javascript:alert(1)', bio: 'nope' },
  });
  expect(res.status()).toBe(400);
  expect(await storedProfile(request, nia)).toEqual(before);
});

test('load error with Retry, and the signed-out state when the session ends on the page', async ({
  page,
  context,
  request,
  mail,
}) => {
  const nia = await createProvider(request, mail);
  await signInWith(page, nia);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Account menu for Nia Brooks/ })).toBeVisible();

  // The session check on load is done; now the profile call fails until we let it through.
  let failing = true;
  await page.route('**/api/auth/profile', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'SERVICE_UNAVAILABLE', message: 'Down' }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: /Account menu for Nia Brooks/ }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByText('Loading your account...')).toBeVisible();
  await expect(page.getByText('Failed to load profile. Please try again later.')).toBeVisible({
    timeout: 20_000,
  });
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Business/Professional Name')).toHaveValue('Nia Brooks');

  // Logging out in another tab ends this tab's session too: the page says so and offers to sign in.
  const other = await context.newPage();
  await other.goto('/');
  await other.getByRole('button', { name: /Account menu for Nia Brooks/ }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(other.getByRole('button', { name: 'Sign up / Log in' }).first()).toBeVisible();
  await expect(page.getByText(/Sign in to access your account settings/)).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Sign In to Your Account' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(nia.email);
  await login.getByLabel('Password').fill(nia.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByLabel('Business/Professional Name')).toHaveValue('Nia Brooks');
});

test('screenshots of the account page at desktop and phone width, dark and light', async ({
  page,
  request,
  mail,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const nia = await createProvider(request, mail);
  const auth = { Authorization: `Bearer ${nia.session.access_token}` };
  const put = await request.put('/api/auth/profile', {
    headers: auth,
    data: {
      bio: 'Silk presses, knotless braids and healthy-hair care for every texture.',
      booking_link: 'https://book.example.com/nia',
      license_details: 'TX Cosmetology Operator #1234567',
      availability: 'Mon-Fri 9AM-5PM, Sat 10AM-2PM. Sundays by request | Closed on public holidays',
      specialties: ['Knotless braids', 'Silk press', 'Trims'],
      certifications: ['Natural Hair Certified'],
      amenities: ['Wheelchair Accessible', 'Free Wi-Fi'],
      products: ['Olaplex', 'Aveda'],
      pricing: [
        { service: 'Silk press', description: 'Wash, blow-dry and press', priceType: 'fixed', minPrice: 85 },
        {
          service: 'Knotless braids',
          description: 'Mid-back length',
          priceType: 'range',
          minPrice: 200,
          maxPrice: 320,
        },
      ],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  for (const [i, hue] of [20, 200, 320].entries()) {
    const file = `data:image/png;base64,${(await artPng(900 + i * 100, 700, hue)).toString('base64')}`;
    const res = await request.post('/api/upload/portfolio', {
      headers: auth,
      data: { file, userId: nia.session.user.id },
    });
    expect(res.status()).toBe(200);
  }
  await signInWith(page, nia);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('glowfind.theme', t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account');
      await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('img')).toHaveCount(3);
      await page.getByRole('button', { name: 'Edit availability' }).click();
      await page.getByRole('button', { name: 'Add Service' }).click();
      // Labels, names and contrast with every editor open, in both themes.
      if (width === 1280) await expectNoAxeViolations(page, { exclude: 'header' });
      // What a person sees mid-page, with the sticky header and the sticky 'Save Profile' bar…
      await page.getByRole('region', { name: 'Services & Pricing' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/account-${width}-${theme}-viewport.png` });
      // …and the whole page in one window as tall as the page (sticky bars then sit where they belong).
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/account-${width}-${theme}.png` });
    }
  }

  // A client's page and the upgrade dialog.
  const cam = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Cam Client' },
    'client',
  );
  await signInWith(page, cam);
  for (const [width, theme] of [
    [390, 'dark'],
    [1280, 'light'],
  ] as const) {
    await page.evaluate((t) => localStorage.setItem('glowfind.theme', t), theme);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Create Your Public Profile' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/account-client-${width}-${theme}.png` });
    await page.getByRole('button', { name: 'Become a Service Provider' }).click();
    await expect(page.getByRole('dialog', { name: 'Become a Service Provider' })).toBeVisible();
    await expectNoAxeViolations(page, { exclude: 'header' });
    await page.screenshot({ path: `${SHOTS}/account-upgrade-${width}-${theme}.png` });
  }
});
