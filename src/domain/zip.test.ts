import { describe, expect, it } from 'vitest';
import { extractZip, sanitizeZipInput, withoutZip } from './zip';

describe('extractZip', () => {
  it.each([
    ['Austin, TX 78701', '78701'],
    ['78701', '78701'],
    ['Brooklyn NY 11201-1234', '11201'],
    ['Suite 5, 90210 Beverly Hills', '90210'],
    ['(10001)', '10001'],
    ['blowout near 60614 please', '60614'],
  ])('finds the zip in %j', (input, zip) => {
    expect(extractZip(input)).toBe(zip);
  });

  it.each([
    ['Austin, TX', 'no digits'],
    ['', 'empty'],
    ['1234', 'four digits'],
    ['123456', 'six digits'],
    ['call 5125551234', 'a phone number'],
    ['787011', 'digits glued to the zip'],
    ['order #1234567', 'a longer number'],
  ])('finds nothing in %j (%s)', (input) => {
    expect(extractZip(input)).toBeNull();
  });

  it('accepts a zip right after a letter (only digit runs are refused)', () => {
    expect(extractZip('TX78701')).toBe('78701');
  });

  it('takes the first zip when there are several', () => {
    expect(extractZip('from 10001 to 94103')).toBe('10001');
  });
});

describe('sanitizeZipInput', () => {
  it.each([
    ['78701', '78701'],
    ['787-01', '78701'],
    ['abc', ''],
    ['7870112345', '78701'],
    [' 9 0 2 1 0 ', '90210'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(sanitizeZipInput(input)).toBe(output);
  });

  it.each([
    ['Austin, TX 78704', '78704'],
    ['78704-1234', '78704'],
    ['Unit 2, Austin TX 78704', '78704'],
    ['1100 Congress Ave, Austin, TX 78701-2201', '78701'],
  ])('keeps the zip of an address in the box: %j → %j', (input, output) => {
    expect(sanitizeZipInput(input)).toBe(output);
  });

  it('keeps the zip of what was pasted over the one already in the box', () => {
    expect(sanitizeZipInput('78701Austin, TX 78704', 'Austin, TX 78704')).toBe('78704');
    expect(sanitizeZipInput('78701Austin, TX78704', 'Austin, TX\n78704')).toBe('78704');
  });

  it('forgets a paste the box no longer holds', () => {
    expect(sanitizeZipInput('7870', '78704')).toBe('7870');
  });
});

describe('withoutZip', () => {
  it.each([
    ['balayage 78701', 'balayage'],
    ['78701 balayage', 'balayage'],
    ['nails  near 78701-1234 today', 'nails near today'],
    ['(78701)', '( )'],
    ['78701', ''],
  ])('%j → %j', (input, output) => {
    expect(withoutZip(input, extractZip(input)!)).toBe(output);
  });

  it('leaves a longer number that holds the same digits', () => {
    expect(withoutZip('order 1787012 near 78701', '78701')).toBe('order 1787012 near');
  });
});
