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
