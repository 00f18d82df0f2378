import { describe, expect, it } from 'vitest';
import { isAllowedEndpoint } from './push.service';
import { isQuietTime, retryAfterMs } from './push-sender.service';

describe('isAllowedEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dG9rZW4:APA91bH',
    'https://fcm.googleapis.com:443/wp/dG9rZW4',
    'https://android.googleapis.com/gcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAC',
    'https://db5p.notify.windows.com/w/?token=abc',
    // Hosts are compared as the URL parser writes them: lower case.
    'https://FCM.GoogleAPIs.com/fcm/send/abc',
  ])('takes the push service %s', (endpoint) => {
    expect(isAllowedEndpoint(endpoint, false)).toBe(true);
    expect(isAllowedEndpoint(endpoint, true)).toBe(true);
  });

  it.each([
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a host that is no push service', 'https://example.com/push/abc'],
    ['a look-alike suffix', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['a look-alike prefix', 'https://evilfcm.googleapis.com.example/abc'],
    ['the name in the path', 'https://evil.example/fcm.googleapis.com/abc'],
    ['the bare Windows domain', 'https://notify.windows.com/w/?token=abc'],
    ['a sub-subdomain', 'https://a.b.notify.windows.com/w/?token=abc'],
    ['a user and password', 'https://user:secret@fcm.googleapis.com/fcm/send/abc'],
    ['a user alone', 'https://user@fcm.googleapis.com/fcm/send/abc'],
    ['an odd port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['port 80 over https', 'https://updates.push.services.mozilla.com:80/wpush/v2/abc'],
    ['a trailing dot', 'https://fcm.googleapis.com./fcm/send/abc'],
    ['an address', 'https://142.250.185.106/fcm/send/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/abc'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['no URL at all', 'not a url'],
    ['nothing', ''],
  ])('refuses %s', (_why, endpoint) => {
    expect(isAllowedEndpoint(endpoint, false)).toBe(false);
  });

  it('takes http://127.0.0.1 only with PUSH_ALLOW_HTTP_LOOPBACK, and no other local name', () => {
    expect(isAllowedEndpoint('http://127.0.0.1:41234/push/abc', false)).toBe(false);
    expect(isAllowedEndpoint('https://127.0.0.1:41234/push/abc', false)).toBe(false);
    expect(isAllowedEndpoint('http://127.0.0.1:41234/push/abc', true)).toBe(true);
    expect(isAllowedEndpoint('https://127.0.0.1:41234/push/abc', true)).toBe(true);
    for (const local of [
      'http://localhost:41234/push/abc',
      'http://127.0.0.2:41234/push/abc',
      'http://[::1]:41234/push/abc',
      'http://0.0.0.0:41234/push/abc',
      'http://10.0.0.5/push/abc',
      'http://user:pw@127.0.0.1:41234/push/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
    ]) {
      expect(isAllowedEndpoint(local, true), local).toBe(false);
    }
  });
});

const at = (iso: string) => new Date(iso);
const hm = (h: number, m = 0) => h * 60 + m;

describe('isQuietTime', () => {
  it('spans midnight when the start is after the end, the start in and the end out', () => {
    // 22:00–07:00 in Austin; January is CST (UTC−6).
    const quiet = (iso: string) => isQuietTime(at(iso), hm(22), hm(7), 'America/Chicago');
    expect(quiet('2026-01-15T03:59:00Z')).toBe(false); // 21:59
    expect(quiet('2026-01-15T04:00:00Z')).toBe(true); // 22:00
    expect(quiet('2026-01-15T06:00:00Z')).toBe(true); // 00:00
    expect(quiet('2026-01-15T12:59:00Z')).toBe(true); // 06:59
    expect(quiet('2026-01-15T13:00:00Z')).toBe(false); // 07:00
    expect(quiet('2026-01-15T18:00:00Z')).toBe(false); // 12:00
  });

  it('reads midnight as 00:00, not 24:00', () => {
    expect(isQuietTime(at('2026-01-15T06:00:00Z'), hm(0), hm(1), 'America/Chicago')).toBe(true);
    expect(isQuietTime(at('2026-01-15T06:00:00Z'), hm(23), hm(0, 30), 'America/Chicago')).toBe(true);
    expect(isQuietTime(at('2026-01-15T06:00:00Z'), hm(0, 1), hm(23), 'America/Chicago')).toBe(false);
  });

  it('holds within one day when the start is before the end', () => {
    const quiet = (iso: string) => isQuietTime(at(iso), hm(9), hm(17, 30), 'America/Chicago');
    expect(quiet('2026-01-15T14:59:00Z')).toBe(false); // 08:59
    expect(quiet('2026-01-15T15:00:00Z')).toBe(true); // 09:00
    expect(quiet('2026-01-15T23:29:00Z')).toBe(true); // 17:29
    expect(quiet('2026-01-15T23:30:00Z')).toBe(false); // 17:30
    expect(quiet('2026-01-16T04:00:00Z')).toBe(false); // 22:00
  });

  it("is read on the clocks of the person's own zone, summer time included", () => {
    const instant = at('2026-01-15T04:30:00Z');
    // 22:30 in Austin, 05:30 in Berlin, 10:00 in Kolkata (UTC+5:30).
    expect(isQuietTime(instant, hm(22), hm(7), 'America/Chicago')).toBe(true);
    expect(isQuietTime(instant, hm(22), hm(7), 'Europe/Berlin')).toBe(true);
    expect(isQuietTime(instant, hm(6), hm(9), 'Europe/Berlin')).toBe(false);
    expect(isQuietTime(instant, hm(9, 45), hm(10, 15), 'Asia/Kolkata')).toBe(true);
    expect(isQuietTime(instant, hm(10, 15), hm(9, 45), 'Asia/Kolkata')).toBe(false);
    // July: CDT (UTC−5), so 03:30Z is 22:30 the evening before.
    expect(isQuietTime(at('2026-07-15T03:30:00Z'), hm(22), hm(23), 'America/Chicago')).toBe(true);
    expect(isQuietTime(at('2026-07-15T04:30:00Z'), hm(22), hm(23), 'America/Chicago')).toBe(false);
  });
});

describe('retryAfterMs', () => {
  const now = at('2026-03-10T15:00:00Z');

  it('reads seconds', () => {
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
  });

  it('reads an HTTP date as the time left until it, and a past one as none', () => {
    expect(retryAfterMs('Tue, 10 Mar 2026 15:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tuesday, 10-Mar-26 15:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 10 Mar 2026 14:00:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    for (const value of [null, '', 'soon', '-5', '1.5', '5 seconds', '1e3']) {
      expect(retryAfterMs(value, now), JSON.stringify(value)).toBeNull();
    }
  });
});
