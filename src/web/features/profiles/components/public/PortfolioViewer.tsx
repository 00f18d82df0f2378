import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type PointerEvent, useEffect, useRef } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { portfolioAlt } from './profile-view';

// A swipe: at least this far sideways, and mostly sideways (a slant up to about 27°).
const SWIPE_MIN_PX = 50;

/** The hint under the title: touch screens swipe, the rest use the arrow keys. */
export const VIEWER_HINTS = {
  keys: 'Use the left and right arrow keys to move between images.',
  swipe: 'Swipe left or right to move between images.',
} as const;

/**
 * One portfolio image, enlarged, in a modal. Left/right arrow keys, a sideways swipe on the image
 * (touch and pen; a mouse has the buttons) and the buttons move between images; Escape closes and
 * the shared Dialog gives focus back to the thumbnail that opened it.
 */
export function PortfolioViewer({
  images,
  name,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly string[];
  name: string;
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const count = images.length;
  const open = index !== null && index < count;
  const current = open ? index : 0;
  const step = (delta: number) => onIndexChange((current + delta + count) % count);
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  // Where the primary pointer is a finger (phones, tablets); read only while the viewer is open.
  const isTouch = open && window.matchMedia('(pointer: coarse)').matches;

  const handlePointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  // 'touch-pan-y' leaves vertical drags to the browser (it then sends pointercancel), so only a
  // sideways drag reaches pointerup here.
  const handlePointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(event.clientY - start.y)) return;
    step(dx < 0 ? 1 : -1);
  };

  // Listen on the window: focus may sit on the close button, outside the dialog's children.
  useEffect(() => {
    if (!open || count < 2) return;
    const handleKey = (event: KeyboardEvent) => {
      const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!delta) return;
      event.preventDefault();
      onIndexChange((current + delta + count) % count);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [open, current, count, onIndexChange]);

  // Fetch the next image ahead, so moving on shows it at once.
  useEffect(() => {
    if (!open || count < 2) return;
    const next = new Image();
    next.src = images[(current + 1) % count]!;
  }, [open, current, count, images]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="My Work"
      description={count > 1 ? VIEWER_HINTS[isTouch ? 'swipe' : 'keys'] : undefined}
      className="sm:max-w-3xl lg:max-w-5xl"
    >
      {open && (
        <div>
          {/* Sized to leave room for the title and the buttons inside the dialog's height limit. */}
          <div
            onPointerDown={handlePointerDown}
            onPointerUp={handlePointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
            className="flex h-[max(12rem,calc(100dvh-15rem))] touch-pan-y touch-pinch-zoom items-center justify-center overflow-hidden rounded-xl bg-black sm:h-[max(14rem,calc(84dvh-13rem))]"
          >
            <img
              key={images[current]}
              src={images[current]}
              alt={portfolioAlt(name, current, count)}
              className="h-full w-full object-contain"
            />
          </div>
          <div className="mt-4 flex items-center justify-between gap-3">
            {count > 1 ? (
              <Button variant="outline" onClick={() => step(-1)}>
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Previous</span>
              </Button>
            ) : (
              <span />
            )}
            <span className="text-sm whitespace-nowrap text-muted" aria-live="polite">
              Image {current + 1} of {count}
            </span>
            {count > 1 ? (
              <Button variant="outline" onClick={() => step(1)}>
                <span className="sr-only sm:not-sr-only">Next</span>
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            ) : (
              <span />
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
