import { describe, expect, it } from 'vitest';
import { characterCountAnnouncement, characterCountText } from './character-count';

describe('the character counter', () => {
  it('shows the length and the limit with thousands separators', () => {
    expect(characterCountText(1234, 5000)).toBe('1,234 / 5,000');
    expect(characterCountText(20_000, 5000)).toBe('20,000 / 5,000');
  });

  it('says nothing far from the limit, then once per step, then once when over', () => {
    const said = [0, 4500, 4501, 4899, 4901, 4990, 4991, 5000, 5001, 9000].map((length) =>
      characterCountAnnouncement(length, 5000),
    );
    expect(said).toEqual([
      '',
      '',
      'Fewer than 500 characters left',
      'Fewer than 500 characters left',
      'Fewer than 100 characters left',
      'Fewer than 100 characters left',
      'Fewer than 10 characters left',
      'Fewer than 10 characters left',
      'Over the limit of 5,000 characters',
      'Over the limit of 5,000 characters',
    ]);
  });
});
