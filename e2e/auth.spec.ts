/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { firstLink } from '../src/server/test/smtp-sink';
import { expect, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Velvet-Fern-2031';

test('a client signs up, confirms the email from the link, logs out and logs in again', async ({
  page,
  mail,
}) => {
  const email = uniqueEmail('client');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('button', { name: 'Sign up' }).click();

  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await expect(signup.getByRole('button', { name: 'Create account' })).toBeDisabled();
  await signup.getByLabel('Full Name').fill('Dana Client');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirm Password').fill(PASSWORD);
  await signup.getByLabel(/I agree to the/).check();
  await signup.getByRole('button', { name: 'Create account' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm your Email' });
  await expect(confirm).toContainText(email);

  const message = await mail.waitForMail(email, (m) => /Confirm your email/.test(m.subject), 15_000);
  const link = firstLink(message);
  expect(link).toContain('temp_token=');
  expect(link).toContain('type=email');

  await page.goto(link);
  const welcome = page.getByRole('dialog', { name: /Welcome to/ });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('link', { name: 'Explore Providers' }).click();
  await expect(welcome).toBeHidden();

  // Logged in: the avatar menu shows who we are.
  await page.getByRole('button', { name: /Account menu for Dana Client/ }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign up / Log in' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('glowfind.signed-in'))).toBeNull();

  // And back in with the password.
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('button', { name: /Account menu for Dana Client/ })).toBeVisible();

  // The session survives a reload (checked against the server on load).
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu for Dana Client/ })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
});

test('a wrong password shows the login failure message', async ({ page, mail }) => {
  const email = uniqueEmail('wrongpw');
  // Create and verify an account through the API, as the dialog would.
  const res = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, userData: { user_type: 'client', name: 'Wren Wrong' } },
  });
  expect(res.ok()).toBe(true);
  const link = firstLink(await mail.waitForMail(email, undefined, 15_000));
  const token = new URL(link).searchParams.get('temp_token');
  expect(
    (await page.request.post('/api/auth/verify-email', { data: { temp_token: token, type: 'email' } })).ok(),
  ).toBe(true);

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('not-the-password');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toContainText('Login Failed');
  await expect(login.getByRole('alert')).toContainText(
    'Invalid email or password. Please check your credentials and try again.',
  );
  expect(await page.evaluate(() => localStorage.getItem('glowfind.signed-in'))).toBeNull();
});

test('logging in before confirming the email switches to the verify-email view', async ({ page }) => {
  const email = uniqueEmail('unverified');
  const res = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(verify).toContainText(email);
  await expect(verify.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
});

test('provider sign-up shows each required-field message and keeps the button disabled', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await signup.getByText('Provider', { exact: true }).click();

  const name = signup.getByLabel('Business/Professional Name');
  const location = signup.getByLabel('Location');
  await name.focus();
  await name.blur();
  await expect(signup).toContainText('Business/Professional name is required');
  await location.focus();
  await location.blur();
  await expect(signup).toContainText('Location is required');

  await signup.getByLabel('Email').fill('not-an-email');
  await signup.getByLabel('Email').blur();
  await expect(signup).toContainText('Please enter a valid email');
  await signup.getByLabel('Password', { exact: true }).fill('abc');
  await signup.getByLabel('Password', { exact: true }).blur();
  await expect(signup).toContainText('Password must be at least 6 characters');
  await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirm Password').fill('different-123');
  await signup.getByLabel('Confirm Password').blur();
  await expect(signup).toContainText('Passwords do not match');

  await expect(signup.getByRole('button', { name: 'Create account' })).toBeDisabled();
  await expect(signup).toContainText(
    'Please ensure all required fields are filled, passwords match, and your email is valid.',
  );
  await expect(name).toHaveAttribute('aria-invalid', 'true');
});

test('a provider signs up with business details, which are stored', async ({ page, mail }) => {
  const email = uniqueEmail('provider');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await signup.getByText('Provider', { exact: true }).click();
  await signup.getByLabel('Business/Professional Name').fill('Fern & Fade Barbers');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirm Password').fill(PASSWORD);
  await signup.getByLabel('Location').fill('Chicago, IL 60614');
  await signup.getByLabel('Booking Link').fill('https://example.com/book/fern');
  await signup.getByRole('button', { name: 'Barber' }).click();
  await signup.getByRole('button', { name: 'Wheelchair Accessible' }).click();
  await signup.getByLabel(/I agree to the/).check();
  await signup.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm your Email' })).toBeVisible();

  await page.goto(firstLink(await mail.waitForMail(email, undefined, 15_000)));
  await expect(page.getByRole('dialog', { name: /Welcome to/ })).toBeVisible();
  await page.getByRole('link', { name: 'View account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: /Account menu for Fern & Fade Barbers/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Public Profile' })).toHaveAttribute(
    'href',
    '/fern-fade-barbers',
  );
});

test('signed-out visitors are sent home from /account and /admin (/availability is open to everyone)', async ({
  page,
}) => {
  for (const path of ['/account', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('the theme toggle is dark by default and persists across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light mode' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to dark mode' }).first()).toBeVisible();
});

test('an unknown URL shows the not-found page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText("We couldn't find the page you're looking for!")).toBeVisible();
  await page.getByRole('link', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the password reset link sets a new password', async ({ page, mail }) => {
  const email = uniqueEmail('reset');
  await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  await mail.waitForMail(email, undefined, 15_000);

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot).toContainText(
    "If an account exists with that email, we've sent a password reset link.",
  );

  const link = firstLink(await mail.waitForMail(email, (m) => /Reset your/.test(m.subject), 15_000));
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Quiet-Harbor-77');
  await page.getByLabel('Confirm new password').fill('Quiet-Harbor-77');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();

  const login = await page.request.post('/api/auth/login', { data: { email, password: 'Quiet-Harbor-77' } });
  expect(login.status()).toBe(200);

  // The used link says so as the page opens, before any password is typed, and offers a new one.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(
    'This password reset link is invalid or has expired. Please request a new one.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
});

test("'Email me a sign-in link' logs in from the emailed link, which leaves the address bar", async ({
  page,
  mail,
}) => {
  const email = uniqueEmail('signin-link');
  await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, userData: { user_type: 'client', name: 'Lina Link' } },
  });
  const verify = firstLink(await mail.waitForMail(email, undefined, 15_000));
  const temp_token = new URL(verify).searchParams.get('temp_token');
  expect(
    (await page.request.post('/api/auth/verify-email', { data: { temp_token, type: 'email' } })).ok(),
  ).toBe(true);
  await page.context().clearCookies();

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  const ask = login.getByRole('button', { name: 'Email me a sign-in link' });
  await expect(ask).toBeDisabled();
  await login.getByLabel('Email').fill(email);
  await ask.click();
  await expect(login).toContainText("If an account exists with that email, we've sent a sign-in link.");

  const link = firstLink(await mail.waitForMail(email, (m) => /sign-in link/.test(m.subject), 15_000));
  expect(link).toContain('signin_token=');
  await page.goto(link);
  await expect(page.getByRole('button', { name: /Account menu for Lina Link/ })).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has('signin_token'));

  // The link works once: opened again, the login dialog says why.
  await page.goto(link);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toContainText(
    'This sign-in link is invalid or has expired. Please request a new one.',
  );
});
