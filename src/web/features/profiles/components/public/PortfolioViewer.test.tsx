import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { PortfolioViewer, VIEWER_HINTS } from './PortfolioViewer';

const IMAGES = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'];

/** The gallery's part: the viewer open at `start`, moving as it asks. */
function renderViewer(start = 0) {
  function Gallery() {
    const [index, setIndex] = useState<number | null>(start);
    return (
      <PortfolioViewer
        images={IMAGES}
        name="Studio Lumen"
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
      />
    );
  }
  return renderWithProviders(<Gallery />);
}

/** A drag by one finger on the image, from (x, y) by (dx, dy) CSS pixels. */
function drag(dx: number, dy: number, pointerType = 'touch', x = 200, y = 300) {
  const image = screen.getByRole('img');
  const init = { pointerId: 7, pointerType, isPrimary: true, bubbles: true };
  fireEvent.pointerDown(image, { ...init, clientX: x, clientY: y });
  fireEvent.pointerUp(image, { ...init, clientX: x + dx, clientY: y + dy });
}

const shown = () => screen.getByRole('img').getAttribute('alt');

/** matchMedia answering `coarse` for '(pointer: coarse)' and no for anything else. */
function stubPointer(coarse: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PortfolioViewer swipes', () => {
  it('a swipe to the left shows the next image, to the right the previous one (wrapping)', () => {
    renderViewer();
    expect(shown()).toBe('Work by Studio Lumen, 1 of 3');
    drag(-80, 10);
    expect(shown()).toBe('Work by Studio Lumen, 2 of 3');
    expect(screen.getByText('Image 2 of 3')).toBeTruthy();
    drag(120, -20);
    expect(shown()).toBe('Work by Studio Lumen, 1 of 3');
    drag(90, 0);
    expect(shown()).toBe('Work by Studio Lumen, 3 of 3');
  });

  it('a pen swipes too', () => {
    renderViewer();
    drag(-60, 0, 'pen');
    expect(shown()).toBe('Work by Studio Lumen, 2 of 3');
  });

  it('ignores a short drag, a mostly vertical one, a mouse drag and a cancelled one', () => {
    renderViewer(1);
    drag(-40, 0);
    drag(-80, 60);
    drag(0, -200);
    drag(-150, 0, 'mouse');
    const image = screen.getByRole('img');
    const init = { pointerId: 3, pointerType: 'touch', isPrimary: true, bubbles: true };
    fireEvent.pointerDown(image, { ...init, clientX: 300, clientY: 300 });
    fireEvent.pointerCancel(image, init);
    fireEvent.pointerUp(image, { ...init, clientX: 100, clientY: 300 });
    expect(shown()).toBe('Work by Studio Lumen, 2 of 3');
  });

  it('leaves vertical gestures to the page and keeps pinch zoom', () => {
    renderViewer();
    const area = screen.getByRole('img').parentElement!;
    expect(area.className).toContain('touch-pan-y');
    expect(area.className).toContain('touch-pinch-zoom');
  });
});

describe('PortfolioViewer hint', () => {
  it('says to swipe where the pointer is a finger', () => {
    stubPointer(true);
    renderViewer();
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(VIEWER_HINTS.swipe)).toBeTruthy();
    expect(screen.queryByText(VIEWER_HINTS.keys)).toBeNull();
  });

  it('names the arrow keys elsewhere', () => {
    stubPointer(false);
    renderViewer();
    expect(screen.getByText(VIEWER_HINTS.keys)).toBeTruthy();
    expect(screen.queryByText(VIEWER_HINTS.swipe)).toBeNull();
  });
});
