import { PROFILE_VERSION_TEXTS as TEXTS } from '../src/domain/profile-versions';
import { bearer, createVerifiedAccount, expect, expectNoAxeViolations, signInWith, test } from './fixtures';

// Two tabs of /account never overwrite each other silently: the second save over an older version
// is refused, the page says so, and the person chooses.

test('a save from a tab loaded before another tab saved is refused, compared and reloaded', async ({
  page: pageA,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const nia = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Nia Brooks',
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'provider',
  );
  await signInWith(pageA, nia);
  const pageB = await pageA.context().newPage();

  // Both tabs load the same version.
  await pageA.goto('/account');
  await pageB.goto('/account');
  await expect(pageA.getByLabel('Professional Bio')).toBeVisible();
  await expect(pageB.getByLabel('Location')).toHaveValue('Austin, TX 78701');

  // Tab B starts an edit; tab A saves a new bio meanwhile.
  await pageB.getByLabel('Location').fill('Round Rock, TX 78664');
  const tabABio = 'Silk presses and braids, saved in tab A.';
  await pageA.getByLabel('Professional Bio').fill(tabABio);
  await pageA.getByRole('button', { name: 'Save Profile' }).click();
  await expect(pageA.getByText('No unsaved changes')).toBeVisible();

  // Tab B saves: refused, and told why.
  await pageB.getByRole('button', { name: 'Save Profile' }).click();
  const conflict = pageB.getByRole('dialog', { name: TEXTS.changedElsewhere });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(TEXTS.explainConflict);
  await expectNoAxeViolations(pageB);

  // Tab A's bio is saved; tab B's location is not.
  const stored = async () => {
    const res = await request.get('/api/auth/profile', { headers: bearer(nia) });
    expect(res.status()).toBe(200);
    return (await res.json()).profile as { bio: string; location: string };
  };
  expect(await stored()).toMatchObject({ bio: tabABio, location: 'Austin, TX 78701' });

  // The comparison names the bio: saved in tab A, empty in tab B.
  await conflict.getByRole('button', { name: TEXTS.review }).click();
  const review = pageB.getByRole('dialog', { name: TEXTS.reviewTitle });
  const bioRow = review.getByRole('listitem').filter({ hasText: 'Professional Bio' });
  await expect(bioRow).toContainText(`${TEXTS.theirs}${tabABio}`);
  await expect(bioRow).toContainText(`${TEXTS.yours}${TEXTS.empty}`);
  await expect(review.getByRole('listitem').filter({ hasText: 'Location' })).toContainText(
    'Round Rock, TX 78664',
  );
  await expectNoAxeViolations(pageB);
  await pageB.keyboard.press('Escape');
  await expect(review).toBeHidden();

  // Saving again asks again; this time tab B reloads the latest, after a confirm.
  await pageB.getByRole('button', { name: 'Save Profile' }).click();
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: TEXTS.reload }).click();
  await expect(pageB.getByRole('dialog')).toContainText(TEXTS.confirmReload);
  await pageB.getByRole('dialog').getByRole('button', { name: TEXTS.reload }).click();
  await expect(pageB.getByRole('dialog')).toBeHidden();
  await expect(pageB.getByLabel('Professional Bio')).toHaveValue(tabABio);
  await expect(pageB.getByLabel('Location')).toHaveValue('Austin, TX 78701');
  await expect(pageB.getByText('No unsaved changes')).toBeVisible();

  // Now on the latest version, tab B's edit saves on top of tab A's: nothing is reverted.
  await pageB.getByLabel('Location').fill('Round Rock, TX 78664');
  await pageB.getByRole('button', { name: 'Save Profile' }).click();
  await expect(pageB.getByText('No unsaved changes')).toBeVisible();
  await expect(pageB.getByRole('dialog')).toBeHidden();
  expect(await stored()).toMatchObject({ bio: tabABio, location: 'Round Rock, TX 78664' });
});
