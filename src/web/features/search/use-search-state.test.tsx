import { act } from '@testing-library/react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { useSearchState } from './use-search-state';

let setState: ReturnType<typeof useSearchState>[1];
let navigate: NavigateFunction;
let search = '';
function Harness() {
  [, setState] = useSearchState();
  navigate = useNavigate();
  search = useLocation().search;
  return null;
}

describe('useSearchState', () => {
  it('a second change made before the first has rendered builds on it (sort, then a rating)', () => {
    renderWithProviders(<Harness />, { route: '/?q=fade&zip=78701' });
    act(() => {
      setState((s) => ({ ...s, sort: 'rating' }), { replace: true });
      setState((s) => ({ ...s, minRating: 4.5 }), { replace: true });
    });
    const params = new URLSearchParams(search);
    expect(params.get('q')).toBe('fade');
    expect(params.get('zip')).toBe('78701');
    expect(params.get('sort')).toBe('rating');
    expect(params.get('rating')).toBe('4.5');
  });

  it('once a navigation made elsewhere has rendered (Back, a link), updates start from it', () => {
    renderWithProviders(<Harness />, { route: '/?q=fade' });
    act(() => setState((s) => ({ ...s, sort: 'rating' })));
    expect(new URLSearchParams(search).get('sort')).toBe('rating');
    act(() => {
      void navigate('/?q=lashes');
    });
    act(() => setState((s) => ({ ...s, minRating: 4 })));
    const params = new URLSearchParams(search);
    expect(params.get('q')).toBe('lashes');
    expect(params.get('sort')).toBeNull();
    expect(params.get('rating')).toBe('4');
  });
});
