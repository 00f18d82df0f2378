import { describe, expect, it } from 'vitest';
import { isAddressName } from './shown-name';

describe('isAddressName', () => {
  it("is true for a blank name and for the email's local part, whatever the case", () => {
    expect(isAddressName('', 'maya@example.com')).toBe(true);
    expect(isAddressName('  ', 'maya@example.com')).toBe(true);
    expect(isAddressName('Maya', 'maya@example.com')).toBe(true);
    expect(isAddressName(' maya.r ', 'Maya.R@example.com')).toBe(true);
  });

  it('is false for a real name, and for any name without an address to compare', () => {
    expect(isAddressName('Maya Lopez', 'maya@example.com')).toBe(false);
    expect(isAddressName('Maya', 'maya.lopez@example.com')).toBe(false);
    expect(isAddressName('Maya', null)).toBe(false);
  });
});
