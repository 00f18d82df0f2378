import { describe, expect, it } from 'vitest';
import { databaseErrorSummary, isDatabaseUnavailable, serializeError } from './log-errors';

/** A refused statement as drizzle reports it: its SQL and every bound value in the message. */
function queryError(params: unknown[], cause: object) {
  const query = 'INSERT INTO provider_insight_words (provider_id, day, word, count) VALUES ($1, $2, $3, $4)';
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`), {
    name: 'DrizzleQueryError',
    query,
    params,
    cause,
  });
}

describe('errors in the log', () => {
  it("never carry a statement's parameters, and stay a few kilobytes whatever the statement", () => {
    const params = Array.from({ length: 100_000 }, (_, i) => `secret-word-${i}`);
    const cause = Object.assign(new Error('bind message has 34464 parameter formats but 0 parameters'), {
      code: '08P01',
      severity: 'ERROR',
      params,
    });
    const logged = JSON.stringify(serializeError(queryError(params, cause)));
    expect(logged).not.toContain('secret-word');
    expect(logged.length).toBeLessThan(6_000);
    expect(logged).toContain('Failed query: INSERT INTO provider_insight_words');
    expect(logged).toContain('"code":"08P01"');
    expect(databaseErrorSummary(queryError(params, cause))).toBe(
      '08P01 bind message has 34464 parameter formats but 0 parameters',
    );
  });

  it('keep the constraint, table and column that refused a statement, and no frame-like line of a value', () => {
    const cause = Object.assign(new Error('new row violates check constraint "w_len"'), {
      code: '23514',
      constraint: 'provider_insight_words_word_length',
      table: 'provider_insight_words',
      detail: 'Failing row contains (secret-value)',
    });
    const error = queryError(['value\n    at secret-frame (x.js:1:1)'], cause);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('"constraint":"provider_insight_words_word_length"');
    expect(logged).toContain('"table":"provider_insight_words"');
    expect(logged).not.toContain('secret-value');
    expect(logged).not.toContain('secret-frame');
  });

  it('clip a huge message and stack, and follow causes a few levels only', () => {
    let error: Error = new Error('x'.repeat(50_000));
    for (let i = 0; i < 10; i++) error = Object.assign(new Error(`level ${i}`), { cause: error });
    const logged = JSON.stringify(serializeError(error));
    expect(logged.length).toBeLessThan(12_000);
    expect(logged).toContain('level 9');
    expect(logged).not.toContain('level 5');
  });
});

describe('isDatabaseUnavailable', () => {
  it('takes connection failures for an outage, and a statement the database refuses for the statement', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['08000', '08003', '08006', '57P01', 'ECONNREFUSED'])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    // 08P01 (protocol violation) is what PostgreSQL answers to a statement with too many parameters.
    for (const code of ['08P01', '23503', '23514', '22001'])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(queryError([], coded('08P01')))).toBe(false);
  });
});
