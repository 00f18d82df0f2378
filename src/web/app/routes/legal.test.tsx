import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELETION_KEEPS, DELETION_REMOVES, EXPORT_CONTENTS } from '#domain/account-data-texts.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { PrivacyPage, TermsPage } from './legal';

/** A section of a legal page, by its numbered heading ('7. Retention'). */
const section = (title: string) =>
  screen.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${title}$`) }).closest('section')!;
const items = (element: HTMLElement) =>
  within(element)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/**
 * The Privacy and Terms pages say what the data file holds and what a deletion removes and keeps,
 * in the same words the settings dialog and the server use (#domain/account-data-texts.ts).
 */
describe('/privacy', () => {
  it('names every section of the data file under Your choices', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    const choices = section('Your choices');
    const download = items(choices).find((text) => text?.startsWith('Download your data'));
    expect(download).toBeDefined();
    for (const part of EXPORT_CONTENTS) expect(download, part).toContain(part);
    expect(download).toContain('Settings → Your data → Download my data');
  });

  it('lists what a deletion removes and what stays, each line, under Retention', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    const retention = section('Retention');
    expect(items(retention)).toEqual([...DELETION_REMOVES, ...DELETION_KEEPS]);
    expect(within(retention).getByText('What stays:')).toBeTruthy();
    expect(retention.textContent).toContain('Settings → Your data → Delete my account');
    expect(retention.textContent).toContain('a count of deletions per day and kind of account');
  });
});

describe('/terms', () => {
  it('says how an account is deleted, that it is at once and final, and what stays', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    const termination = section('Termination and account deletion');
    const text = termination.textContent;
    expect(text).toContain('Settings → Your data → Delete my account');
    expect(text).toContain('Deletion takes effect at once and cannot be undone');
    expect(text).toContain(
      'your conversations stay with the people you talked to, shown as “Deleted account”',
    );
    expect(text).toContain('your email address may sign up again as a new account');
    expect(within(termination).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });
});
