import { describe, expect, it } from 'vitest';
import {
  HELP_ARTICLES,
  HELP_CATEGORIES,
  HELP_SECTIONS,
  type HelpArticle,
  searchArticles,
} from './help-articles';

const sample: HelpArticle[] = [
  { category: 'Getting Started', question: 'What is this?', answer: 'A marketplace.' },
  { category: 'Search & Discovery', question: 'How does search work?', answer: 'Type a Service.' },
  { category: 'Technical Support', question: 'Upload failed', answer: 'Use a smaller file.' },
];

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

describe('the help content', () => {
  it("has SPEC.md's eight categories in order, each with 3 to 5 articles", () => {
    expect(HELP_SECTIONS.map((s) => s.category)).toEqual([...HELP_CATEGORIES]);
    expect(HELP_CATEGORIES).toHaveLength(8);
    for (const section of HELP_SECTIONS) {
      expect(section.articles.length).toBeGreaterThanOrEqual(3);
      expect(section.articles.length).toBeLessThanOrEqual(5);
    }
  });

  it('has no repeated questions', () => {
    const questions = HELP_ARTICLES.map((a) => a.question);
    expect(new Set(questions).size).toBe(questions.length);
  });
});
