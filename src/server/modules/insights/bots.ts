/**
 * User agents that are not a person's browser: crawlers, link previews, monitors, audit tools,
 * headless browsers and HTTP libraries. Their beacons are answered like any other but never
 * counted (ADR 019). The beacon itself is sent by the web app's JavaScript, so a request without
 * JavaScript (most crawlers, curl on a profile page) never reaches this list at all.
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|snippet|headless|phantomjs|puppeteer|playwright|selenium|webdriver|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|curl\/|wget\/|httpie|python-|python\/|aiohttp|httpx|java\/|okhttp|go-http-client|node-fetch|undici|axios|got \(|libwww|scrapy|feedfetcher|mediapartners|adsbot|bingpreview|yandex|baiduspider|semrush|ahrefs|mj12|dotbot|petalbot|bytespider|gptbot|ccbot|claudebot|perplexity/i;

/** Whether a request's User-Agent is missing or names a bot, tool or library rather than a browser. */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length < 10 || !/^Mozilla\//.test(userAgent)) return true;
  return BOT_AGENT.test(userAgent);
}
