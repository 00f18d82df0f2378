import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '#domain/forms.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { AboutFeedbackForm } from './AboutFeedbackForm';

/** What a screen reader reads after the box's name: the texts its aria-describedby names, in order. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

const liveRegions = (form: HTMLElement) =>
  [...form.querySelectorAll('[aria-live="polite"]')].map((region) => region.textContent);

describe('AboutFeedbackForm', () => {
  it('counts the message as it is typed and describes the box with the count', async () => {
    stubFetch(() => undefined);
    const { user } = renderWithProviders(<AboutFeedbackForm />);
    const form = screen.getByRole('form', { name: 'Feedback' });
    const box = within(form).getByRole('textbox', { name: 'Message' });
    expect(descriptionOf(box)).toBe('0 / 5,000 characters');

    await user.type(box, 'Love it');
    expect(within(form).getByText('7 / 5,000')).toBeTruthy();
    expect(descriptionOf(box)).toBe('7 / 5,000 characters');
    // Far from the limit the counter is read with the box, not announced at each keystroke.
    expect(liveRegions(form)).toEqual(['']);

    await user.click(box);
    await user.paste('x'.repeat(4600));
    expect(descriptionOf(box)).toBe('4,607 / 5,000 characters');
    expect(liveRegions(form)).toEqual(['Fewer than 500 characters left']);
  });

  it('keeps a message over 5,000 characters whole, says it is too long next to it, and sends nothing', async () => {
    const requests = stubFetch(() => undefined);
    const { user } = renderWithProviders(<AboutFeedbackForm />);
    const form = screen.getByRole('form', { name: 'Feedback' });
    const box = within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });

    await user.click(box);
    await user.paste('y'.repeat(20_000));
    // Nothing is cut: the box holds all 20,000 characters and the counter says so.
    expect(box.value).toHaveLength(20_000);
    expect(within(form).getByText('20,000 / 5,000')).toBeTruthy();
    expect(liveRegions(form)).toEqual(['Over the limit of 5,000 characters']);

    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    expect(await within(form).findByText(FORM_TEXTS.messageTooLong)).toBeTruthy();
    expect(FORM_TEXTS.messageTooLong).toBe('Messages can be at most 5,000 characters');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(box)).toBe('Messages can be at most 5,000 characters | 20,000 / 5,000 characters');
    expect(requests).toHaveLength(0);
  });

  it('sends a message of exactly 5,000 characters, then empties the box', async () => {
    const requests = stubFetch(() => ({ body: { success: true, message: FORM_TEXTS.feedbackSent } }));
    const { user } = renderWithProviders(<AboutFeedbackForm />);
    const form = screen.getByRole('form', { name: 'Feedback' });
    const box = within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    await user.click(box);
    await user.paste('z'.repeat(5000));
    expect(within(form).getByText('5,000 / 5,000')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(requests).toHaveLength(1);
    expect((requests[0]!.body as { message: string }).message).toBe('z'.repeat(5000));
    expect(within(form).getByText('0 / 5,000')).toBeTruthy();
    expect(within(form).queryByText(FORM_TEXTS.messageTooLong)).toBeNull();
  });
});
