import { describe, expect, it } from 'vitest';
import { isPhoneNumber, OptionalPhoneSchema, PHONE_INVALID } from './phone';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('OptionalPhoneSchema', () => {
  it.each(['+1 512 555 0100', '(512) 555-0100', '512.555.0100', '+44 20 7946 0958', '5550100', ''])(
    'takes %j',
    (value) => {
      expect(messages(OptionalPhoneSchema.safeParse(value))).toEqual([]);
    },
  );

  it.each(['abc', '555-01', '+1 512 555 01OO', '1 512 555 0100 +', '1234567890123456', `${'1'.repeat(41)}`])(
    'refuses %j with its message',
    (value) => {
      expect(messages(OptionalPhoneSchema.safeParse(value))).toContain(PHONE_INVALID);
    },
  );

  it('trims a phone', () => {
    expect(OptionalPhoneSchema.parse('  512 555 0100 ')).toBe('512 555 0100');
    expect(isPhoneNumber('+15125550100')).toBe(true);
  });
});
