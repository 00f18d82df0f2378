const KEY = 'glowfind.search-session';
let fallback: string | null = null;

function randomId(): string {
  // getRandomValues works on plain-http origins too, where crypto.randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * An anonymous id for this browser tab's visit, sent with every search for the search log
 * (docs/product.md §3 'sessionId'). Kept in sessionStorage: it ends with the tab and names no one.
 */
export function searchSessionId(): string {
  try {
    let id = sessionStorage.getItem(KEY);
    if (!id) {
      id = randomId();
      sessionStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // Storage blocked (private modes, sandboxed frames): one id for this page's life.
    fallback ??= randomId();
    return fallback;
  }
}
