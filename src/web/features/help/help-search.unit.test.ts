import { describe, expect, it } from 'vitest';
import type { HelpArticle } from './help-articles';
import { normalizeText, queryWords, searchArticles } from './help-search';

const sample: HelpArticle[] = [
  { category: 'Getting Started', question: 'What is this?', answer: 'A marketplace.' },
  { category: 'Search & Discovery', question: 'How does search work?', answer: 'Type a Service.' },
  { category: 'Technical Support', question: 'Upload failed', answer: 'Use a smaller file.' },
];

const questions = (found: HelpArticle[]) => found.map((a) => a.question);

describe('searchArticles', () => {
  it('matches the question, case-insensitively', () => {
    expect(searchArticles('WHAT IS', sample).map((a) => a.question)).toEqual(['What is this?']);
  });

  it('matches the answer', () => {
    expect(searchArticles('smaller file', sample).map((a) => a.question)).toEqual(['Upload failed']);
  });

  it('matches the category', () => {
    expect(searchArticles('discovery', sample).map((a) => a.question)).toEqual(['How does search work?']);
  });

  it('matches a substring anywhere, in page order', () => {
    expect(searchArticles('a', sample).map((a) => a.category)).toEqual([
      'Getting Started',
      'Search & Discovery',
      'Technical Support',
    ]);
  });

  it('ignores surrounding spaces and finds nothing for a blank query', () => {
    expect(searchArticles('  service  ', sample)).toHaveLength(1);
    expect(searchArticles('', sample)).toEqual([]);
    expect(searchArticles('   ', sample)).toEqual([]);
  });

  it('finds nothing for unknown words', () => {
    expect(searchArticles('zzzz-not-there', sample)).toEqual([]);
  });

  it('searches the real articles by default', () => {
    const found = searchArticles('portfolio');
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((a) => a.answer.includes('10'))).toBe(true);
  });
});

/** One article per text, in the Getting Started category, so only the text decides. */
function articles(...texts: string[]): HelpArticle[] {
  return texts.map((text, i) => ({ category: 'Getting Started', question: `Q${i}`, answer: text }));
}

describe('synonyms and spellings', () => {
  it.each([
    ['favorite', 'Save your favourite providers.'],
    ['favourite', 'Save your favorite providers.'],
    ['favourites', 'Tap the heart to favorite them.'],
    ['color', 'Book a colour correction.'],
    ['colour', 'Book a color correction.'],
    ['colourist', 'Find a colorist.'],
    ['canceled', 'Your booking was cancelled.'],
    ['cancelled', 'Your booking was canceled.'],
    ['cancellation', 'How to cancel.'],
    ['cancel', 'Read the cancellation policy.'],
    ['refund', 'Can I get my money back?'],
    ['money back', 'Ask for a refund.'],
    ['refunds', 'Ask for a refund.'],
    ['price', 'What does it cost?'],
    ['cost', 'The fee is $10.'],
    ['fee', 'See the prices.'],
    ['prices', 'Pricing packages.'],
    ['appointment', 'Press Book on the profile.'],
    ['booking', 'Make an appointment.'],
    ['makeup', 'Bridal make-up artists.'],
    ['make-up', 'Bridal makeup artists.'],
    ['make up', 'Bridal makeup artists.'],
    ['e-mail', 'We email you a link.'],
    ['postcode', 'Enter a zip code.'],
    ['licence', 'Your license details.'],
    ['sign in', 'Log in first.'],
  ])('%s finds "%s"', (query, text) => {
    expect(searchArticles(query, articles(text, 'Nothing to do with it.'))).toHaveLength(1);
  });

  it('takes a synonym only as a whole word, so short ones do not reach other words', () => {
    const texts = articles('Send us feedback.', 'Coffee is free.', 'Bookmark this page.');
    expect(searchArticles('price', texts)).toEqual([]);
    expect(searchArticles('cost', texts)).toEqual([]);
    expect(searchArticles('appointment', texts)).toEqual([]);
    // What was typed still matches inside words.
    expect(questions(searchArticles('fee', texts))).toEqual(['Q0', 'Q1']);
  });

  it('ignores accents and case on both sides', () => {
    const texts = articles('Tomás Herrera does balayage.', 'TOMAS RIVERA cuts hair.', 'Nobody else.');
    expect(questions(searchArticles('tomas', texts))).toEqual(['Q0', 'Q1']);
    expect(questions(searchArticles('TOMÁS', texts))).toEqual(['Q0', 'Q1']);
    expect(questions(searchArticles('Tomás herrera', texts))).toEqual(['Q0']);
    expect(questions(searchArticles('CAFÉ', articles('Cafe opening hours.')))).toEqual(['Q0']);
  });

  it('ignores apostrophes and punctuation', () => {
    const texts = articles('The provider’s own booking page.');
    expect(searchArticles("provider's", texts)).toHaveLength(1);
    expect(searchArticles('providers', texts)).toHaveLength(1);
    expect(searchArticles('booking-page!', texts)).toHaveLength(1);
  });
});

describe('multi-word queries', () => {
  const texts: HelpArticle[] = [
    { category: 'Getting Started', question: 'Refunds', answer: 'Ask the provider for a refund.' },
    { category: 'Getting Started', question: 'Deposits', answer: 'A deposit is paid to the provider.' },
    { category: 'Getting Started', question: 'Money', answer: 'We take no payments.' },
  ];

  it('needs every word, each with its synonyms', () => {
    expect(questions(searchArticles('provider refund', texts))).toEqual(['Refunds']);
    expect(questions(searchArticles('professional money back', texts))).toEqual(['Refunds']);
    expect(questions(searchArticles('provider', texts))).toEqual(['Refunds', 'Deposits']);
    expect(searchArticles('refund deposit', texts)).toEqual([]);
  });

  it('keeps a known phrase as one word and leaves out common words', () => {
    expect(queryWords('How do I get my money back?')).toEqual(['get', 'money back']);
    expect(queryWords('Sign up, then log in')).toEqual(['sign up', 'then', 'log in']);
    expect(queryWords('what is')).toEqual(['what', 'is']);
    expect(questions(searchArticles('Can I get my money back from the provider?', texts))).toEqual([]);
    expect(questions(searchArticles('How do I ask for my money back?', texts))).toEqual(['Refunds']);
  });
});

describe('ranking', () => {
  const texts: HelpArticle[] = [
    { category: 'Getting Started', question: 'Paying', answer: 'Cancellation fees are up to them.' },
    { category: 'Getting Started', question: 'Other things', answer: 'You can cancel there.' },
    { category: 'Getting Started', question: 'How do I cancel?', answer: 'On their page.' },
    { category: 'Getting Started', question: 'Cancelled appointments', answer: 'Rebook any time.' },
    { category: 'Getting Started', question: 'Fees for a cancelled booking', answer: 'See the price.' },
  ];

  it('puts question matches above answer-only matches, each in page order', () => {
    expect(questions(searchArticles('cancel', texts))).toEqual([
      'How do I cancel?',
      'Cancelled appointments',
      'Fees for a cancelled booking',
      'Paying',
      'Other things',
    ]);
  });

  it('puts questions with more of the words first', () => {
    expect(questions(searchArticles('cancellation fee', texts))).toEqual([
      'Fees for a cancelled booking',
      'Paying',
    ]);
  });
});

describe('normalizeText', () => {
  it('lower-cases, drops accents and apostrophes, and turns the rest into single spaces', () => {
    expect(normalizeText('  Tomás’s  Make-Up & Café!  ')).toBe('tomass make up cafe');
  });
});

describe('the real articles', () => {
  it('"favorite" finds saved providers and favourite services, questions first', () => {
    const found = questions(searchArticles('favorite'));
    expect(found.slice(0, 2)).toEqual([
      'How do I save a provider to my favourites?',
      'How do I save favourite services?',
    ]);
    expect(found).toEqual(questions(searchArticles('Favourites')));
  });

  it('"refund" and "money back" find the refund article first', () => {
    expect(questions(searchArticles('refund'))[0]).toBe('How do I get a refund?');
    expect(questions(searchArticles('How do I get my money back?'))[0]).toBe('How do I get a refund?');
  });

  it('"cancelled", "deposit" and "cost" find their articles', () => {
    expect(questions(searchArticles('cancelled'))[0]).toBe('How do I change or cancel a booking?');
    expect(questions(searchArticles('deposits'))[0]).toBe('Do I have to pay a deposit?');
    expect(questions(searchArticles('cost'))).toContain('How much does Glowfind cost?');
    expect(questions(searchArticles('fees'))).toContain('How do I change or cancel a booking?');
  });

  it('finds the search help by what it now covers', () => {
    expect(questions(searchArticles('use my location'))[0]).toBe('How do I find providers near me?');
    expect(questions(searchArticles('radius'))).toContain('How do I find providers near me?');
    expect(questions(searchArticles('highest rated'))).toContain('Which filters and sort orders can I use?');
    expect(questions(searchArticles('review'))).toContain('What does a review prove?');
  });
});
