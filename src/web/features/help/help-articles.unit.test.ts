import { describe, expect, it } from 'vitest';
import { RATING_SORT_PRIOR } from '#domain/search-options.ts';
import { HELP_ARTICLES, HELP_CATEGORIES, HELP_SECTIONS } from './help-articles';

describe('the help content', () => {
  it('has the eight help categories in order, each with 3 to 6 articles', () => {
    expect(HELP_SECTIONS.map((s) => s.category)).toEqual([...HELP_CATEGORIES]);
    expect(HELP_CATEGORIES).toHaveLength(8);
    for (const section of HELP_SECTIONS) {
      expect(section.articles.length).toBeGreaterThanOrEqual(3);
      expect(section.articles.length).toBeLessThanOrEqual(6);
    }
  });

  it('has no repeated questions', () => {
    const questions = HELP_ARTICLES.map((a) => a.question);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it('sends refunds, deposits and cancellations to the provider: we take no bookings or payments', () => {
    const answer = (question: string) => HELP_ARTICLES.find((a) => a.question === question)?.answer ?? '';
    for (const question of [
      'How do I get a refund?',
      'Do I have to pay a deposit?',
      'How do I change or cancel a booking?',
    ]) {
      expect(answer(question), question).toMatch(/provider/);
      expect(answer(question), question).toMatch(/booking page/);
    }
    expect(answer('How do I get a refund?')).toMatch(/Ask the provider/);
    expect(answer('Do I have to pay a deposit?')).toMatch(/takes no payments/);
  });

  it('explains the policies on profiles and openings: only what the provider states, applied on their page', () => {
    const answer =
      HELP_ARTICLES.find(
        (a) => a.question === 'What do the deposit and cancellation policies on a profile mean?',
      )?.answer ?? '';
    expect(answer).toContain('We only show what the provider states');
    expect(answer).toMatch(/takes no payments or deposits/);
    expect(answer).toMatch(/applies on the provider’s own booking page/);
    expect(answer).toContain('hours before the appointment');
    expect(answer).toContain('Booking Policies on their account page');
    expect(HELP_SECTIONS.find((s) => s.category === 'Booking & Appointments')?.articles).toContainEqual(
      expect.objectContaining({ answer }),
    );
  });

  it('explains the rating sort with the weighting the search uses', () => {
    const filters = HELP_ARTICLES.find((a) => a.question.startsWith('Which filters'))?.answer ?? '';
    expect(filters).toContain('Highest rated (weighted by number of reviews)');
    expect(filters).toContain('two 3-star reviews');
    expect(filters).toContain('A 5.0 from 2 reviews counts as 4.0');
    expect(filters).toContain('Providers without reviews come after rated ones');
    // The figures in the text, computed as the search sorts: change the prior, change the text.
    expect(RATING_SORT_PRIOR).toEqual({ reviews: 2, stars: 3 });
    const weighted = (average: number, reviews: number) =>
      (average * reviews + RATING_SORT_PRIOR.stars * RATING_SORT_PRIOR.reviews) /
      (reviews + RATING_SORT_PRIOR.reviews);
    expect(weighted(5, 2)).toBe(4);
    expect(weighted(4.6, 40)).toBeCloseTo(4.5, 1);
    expect(weighted(4.6, 40)).toBeGreaterThan(weighted(5, 2));
  });
});
