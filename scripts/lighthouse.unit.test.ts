import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './lighthouse.mjs';

describe('cpuSlowdownFor (Lighthouse CPU throttling calculator)', () => {
  it('gives the default 4× at the reference index and the calculator’s points', () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1766)).toBeCloseTo(5, 2);
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 2);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(150)).toBe(1);
  });

  it('is linear between the points and never below 1×', () => {
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(100)).toBe(1);
  });
});
