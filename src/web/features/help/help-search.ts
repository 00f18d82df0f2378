import { HELP_ARTICLES, type HelpArticle } from './help-articles';

/**
 * The help centre's live search (docs/product.md §2 'Help'), small enough to run on every keystroke in the
 * browser: no index, no dependency. Text and query are compared without case, accents, apostrophes
 * or punctuation ('Tomás' = 'tomas', 'make-up' = 'make up', 'provider’s' = 'providers').
 *
 * A query is cut into words; a phrase of SYNONYMS ('money back', 'sign in') stays one word, and
 * common words ('how', 'do', 'I'…) are left out unless nothing else is left. An article matches when
 * every word is in its question, answer or category: anywhere in a word as typed ('subscr' finds
 * 'unsubscribe'), or as a whole word of the same synonym group ('favorite' finds 'favourites').
 * Articles with more of the words in their question come first, then in page order.
 */

/**
 * Words people use for the same thing, US and UK spellings and their inflections, each group
 * written out in full: no stemming, so 'fee' never reaches 'feedback' nor 'book' 'Facebook'.
 * A phrase of up to three words is one entry ('money back').
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['favorite', 'favorites', 'favorited', 'favourite', 'favourites', 'favourited', 'fave', 'faves'],
  [
    'color',
    'colors',
    'colored',
    'coloring',
    'colorist',
    'colorists',
    'colour',
    'colours',
    'coloured',
    'colouring',
    'colourist',
    'colourists',
  ],
  ['cancel', 'cancels', 'canceled', 'cancelled', 'canceling', 'cancelling', 'cancellation', 'cancellations'],
  ['refund', 'refunds', 'refunded', 'money back', 'reimburse', 'reimbursed', 'reimbursement'],
  ['price', 'prices', 'priced', 'pricing', 'cost', 'costs', 'fee', 'fees'],
  ['deposit', 'deposits', 'prepay', 'prepayment', 'down payment'],
  ['pay', 'pays', 'paid', 'paying', 'payment', 'payments'],
  ['appointment', 'appointments', 'book', 'books', 'booked', 'booking', 'bookings', 'reservation'],
  ['makeup', 'make up'],
  ['review', 'reviews', 'reviewed', 'rating', 'ratings', 'rated', 'stars'],
  ['photo', 'photos', 'image', 'images', 'picture', 'pictures', 'pic', 'pics'],
  ['provider', 'providers', 'professional', 'professionals', 'pro', 'pros'],
  ['email', 'emails', 'emailed', 'e mail', 'e mails'],
  ['sign up', 'signup', 'register', 'registration', 'create an account'],
  ['log in', 'login', 'logged in', 'sign in', 'signin', 'signed in'],
  ['verify', 'verified', 'verification', 'confirm', 'confirmed', 'confirmation'],
  ['zip', 'zips', 'zip code', 'zip codes', 'zipcode', 'postcode', 'postal code'],
  ['license', 'licenses', 'licensed', 'licence', 'licences', 'licenced'],
  ['neighborhood', 'neighborhoods', 'neighbourhood', 'neighbourhoods'],
  ['center', 'centre'],
  ['wifi', 'wi fi'],
];

/** Left out of a query that has other words: they are in nearly every question. */
const COMMON_WORDS = new Set(
  'a an the i me my we you your do does did how what when where why who which can could is are am be to of for on in it if and or with about'.split(
    ' ',
  ),
);

const MAX_PHRASE_WORDS = 3;

const groupOf = new Map<string, readonly string[]>();
for (const group of SYNONYMS) for (const form of group) groupOf.set(form, group);

/** Lower case, no accents, no apostrophes, every other non-alphanumeric a single space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The query's words, a known phrase kept as one, common words dropped when others remain. */
export function queryWords(query: string): string[] {
  const words = normalizeText(query).split(' ').filter(Boolean);
  const units: string[] = [];
  for (let i = 0; i < words.length; ) {
    let size = Math.min(MAX_PHRASE_WORDS, words.length - i);
    while (size > 1 && !groupOf.has(words.slice(i, i + size).join(' '))) size -= 1;
    units.push(words.slice(i, i + size).join(' '));
    i += size;
  }
  const meaningful = units.filter((unit) => !COMMON_WORDS.has(unit));
  return meaningful.length > 0 ? meaningful : units;
}

/** Does the normalised text (padded with a space at each end) contain the word? */
function contains(padded: string, word: string): boolean {
  if (padded.includes(word)) return true;
  const group = groupOf.get(word);
  return !!group && group.some((form) => padded.includes(` ${form} `));
}

interface Searchable {
  question: string;
  everything: string;
}

const searchableCache = new WeakMap<HelpArticle, Searchable>();

function searchable(article: HelpArticle): Searchable {
  let found = searchableCache.get(article);
  if (!found) {
    found = {
      question: ` ${normalizeText(article.question)} `,
      everything: ` ${normalizeText(`${article.question} ${article.answer} ${article.category}`)} `,
    };
    searchableCache.set(article, found);
  }
  return found;
}

/**
 * The articles with every word of the query (or a synonym of it), those with more of the words in
 * their question first, then in page order. An empty query matches nothing: the page shows the
 * categories instead.
 */
export function searchArticles(query: string, articles: HelpArticle[] = HELP_ARTICLES): HelpArticle[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const found: { article: HelpArticle; inQuestion: number; order: number }[] = [];
  articles.forEach((article, order) => {
    const text = searchable(article);
    if (!words.every((word) => contains(text.everything, word))) return;
    const inQuestion = words.filter((word) => contains(text.question, word)).length;
    found.push({ article, inQuestion, order });
  });
  found.sort((a, b) => b.inQuestion - a.inQuestion || a.order - b.order);
  return found.map((entry) => entry.article);
}
