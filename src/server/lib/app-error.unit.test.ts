import { describe, expect, it } from 'vitest';
import { providerNotFound, rateLimited, waitText } from './app-error';

describe('waitText', () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [45, '45 seconds'],
    [89, '89 seconds'],
    [90, '2 minutes'],
    [60 * 15, '15 minutes'],
    [3559, '60 minutes'],
    [90 * 60, '2 hours'],
    [24 * 3600, '24 hours'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});

describe('rateLimited', () => {
  it('is the one 429 with the wait in words', () => {
    const error = rateLimited(3559);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe('Too many attempts. Please try again in 60 minutes.');
  });
});

describe('providerNotFound', () => {
  it("is a 404 NOT_FOUND saying 'Provider not found'", () => {
    const error = providerNotFound();
    expect(error.code).toBe('NOT_FOUND');
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe('Provider not found');
  });
});
