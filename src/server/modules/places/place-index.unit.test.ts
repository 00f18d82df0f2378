import { describe, expect, it } from 'vitest';
import { decodeScoredKeyset, encodeScoredKeyset } from '#server/lib/keyset-cursor.ts';
import { citiesNear, cityOfSlug, cityOfZip } from './place-index';

describe('place index', () => {
  it('knows a city by its slug, with every zip of the city', () => {
    const austin = cityOfSlug('austin-tx')!;
    expect(austin).toMatchObject({ city: 'Austin', state: 'TX' });
    expect(austin.zips).toEqual(expect.arrayContaining(['78701', '78702', '78704']));
    expect(cityOfSlug('beverly-hills-ca')?.zips).toContain('90210');
    expect(cityOfZip('78701')).toBe(austin);
    expect(cityOfSlug('atlantis-zz')).toBeNull();
    expect(cityOfZip('00000')).toBeNull();
  });

  it('lists other places within a radius, nearest first', () => {
    const austin = cityOfSlug('austin-tx')!;
    const near = citiesNear(austin, 50);
    const slugs = near.map((n) => n.place.slug);
    expect(slugs).toContain('round-rock-tx');
    expect(slugs).not.toContain('austin-tx');
    expect(slugs).not.toContain('houston-tx');
    expect(near.every((n, i) => n.miles <= 50 && (i === 0 || near[i - 1]!.miles <= n.miles))).toBe(true);
  });
});

describe('scored keyset cursors', () => {
  it('round-trips and refuses what it did not make', () => {
    const keyset = {
      score: 42,
      createdAt: '2026-11-26T10:00:00.123456Z',
      id: '0d7f4c1e-7c4a-4a8e-9a39-2a1c2f0e5b11',
    };
    expect(decodeScoredKeyset(encodeScoredKeyset(keyset), 100)).toEqual(keyset);
    expect(decodeScoredKeyset(undefined, 100)).toBeNull();
    expect(() => decodeScoredKeyset(encodeScoredKeyset({ ...keyset, score: 101 }), 100)).toThrow();
    expect(() => decodeScoredKeyset(Buffer.from('{"c":"x"}').toString('base64url'), 100)).toThrow();
  });
});
