/** Paths the app itself owns; a profile slug must never shadow one of them. */
export const RESERVED_SLUGS = new Set([
  'api',
  'uploads',
  'assets',
  'help',
  'about',
  'terms',
  'privacy',
  'account',
  'availability',
  'admin',
  'reset-password',
  'unsubscribe',
  'login',
  'logout',
  'signup',
  'register',
  'search',
  'settings',
  'messages',
  'inbox',
  'email-change',
  'static',
  'public',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'manifest.webmanifest',
  'index.html',
  'health',
  'docs',
  'support',
  'contact',
  'blog',
  'providers',
  'user',
  'users',
  'profile',
  'verify',
  'auth',
  'www',
  'mail',
  'openapi.json',
  'null',
  'undefined',
  'new',
  'edit',
]);

const SLUG_MAX = 40;

/** Makes a URL-safe slug from a display name ('Zoë's Hair Studio' → 'zoes-hair-studio'). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || 'pro';
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

/** The slug to try on the n-th attempt (0 = the plain slug); reserved slugs never come back plain. */
export function slugCandidate(base: string, attempt: number, randomSuffix: () => string): string {
  if (attempt === 0 && !isReservedSlug(base)) return base;
  const suffix = attempt < 5 ? String(attempt + 1) : randomSuffix();
  return `${base.slice(0, SLUG_MAX - suffix.length - 1)}-${suffix}`;
}
