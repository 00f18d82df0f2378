import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function mountCounter() {
  const mounts = { count: 0 };
  function Counted({ label }: { label: string }) {
    useEffect(() => {
      mounts.count += 1;
    }, []);
    return <p>{label}</p>;
  }
  return { mounts, Counted };
}

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>loading</p>}>{node}</Suspense>;

describe('preloadable', () => {
  it('loads on first render and keeps the same component mounted when its parent renders again', async () => {
    const { mounts, Counted } = mountCounter();
    const Page = preloadable(async () => Counted);
    // Suspends until its code is there (act waits for that), then renders it.
    const { rerender } = await act(async () => render(inSuspense(<Page label="first" />)));
    expect(screen.getByText('first')).toBeTruthy();
    rerender(inSuspense(<Page label="second" />));
    expect(screen.getByText('second')).toBeTruthy();
    // The page was updated in place, not mounted again (state and focus kept).
    expect(mounts.count).toBe(1);
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const { Counted } = mountCounter();
    const Page = preloadable(async () => Counted);
    await Page.preload();
    render(inSuspense(<Page label="ready" />));
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('tries a failed load again', async () => {
    const { Counted } = mountCounter();
    let attempts = 0;
    const Page = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return Counted;
    });
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    expect(attempts).toBe(2);
  });
});
