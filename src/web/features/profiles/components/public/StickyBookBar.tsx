import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** The sticky site header's height (h-16): a card scrolled under it is out of sight. */
const HEADER_PX = 64;

/**
 * Below `lg`, once the 'Get In Touch' card (`target`) has scrolled up out of view, a bar fixed to the
 * bottom of the screen with the provider's name and the card's own Book button (`children`: the
 * card passes the same element, so visitors and signed-in clients get what the card gives them).
 * Hidden, it is inert and aria-hidden, so it leaves the tab order and the accessibility tree; it
 * never takes focus, and stays while it holds focus. While shown, the page gets bottom padding
 * (and scroll padding, so a focused element is not scrolled under it).
 */
export function StickyBookBar({
  target,
  providerName,
  children,
}: {
  target: RefObject<HTMLElement | null>;
  providerName: string;
  children: ReactNode;
}) {
  const barRef = useRef<HTMLElement>(null);
  const [isCardAway, setCardAway] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const isShown = isCardAway || hasFocus;

  useEffect(() => {
    const card = target.current;
    if (!card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) =>
        // Away means scrolled past, above (not still below the fold), and never from `lg` up,
        // where the card is sticky beside the sections.
        setCardAway(
          !!entry &&
            !entry.isIntersecting &&
            entry.boundingClientRect.bottom <= HEADER_PX &&
            !matchMedia('(min-width: 64rem)').matches,
        ),
      { rootMargin: `-${HEADER_PX}px 0px 0px 0px` },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [target]);

  useEffect(() => {
    const bar = barRef.current;
    if (!isShown || !bar) return;
    // Nothing else sets these two, so putting them back is clearing them.
    const { body, documentElement: html } = document;
    body.style.paddingBottom = html.style.scrollPaddingBottom = `${bar.offsetHeight}px`;
    return () => {
      body.style.paddingBottom = html.style.scrollPaddingBottom = '';
    };
  }, [isShown]);

  return (
    <section
      ref={barRef}
      aria-label={`Book with ${providerName}`}
      aria-hidden={isShown ? undefined : true}
      inert={!isShown}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
      // visibility flips at the end of the slide out, so the bar stays painted while it leaves.
      className={`fixed inset-x-0 bottom-0 z-20 border-t border-app bg-card pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.12)] transition-[translate,visibility] motion-reduce:transition-none lg:hidden ${isShown ? 'visible' : 'invisible translate-y-full'}`}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-semibold text-app">{providerName}</p>
        </div>
        <div className="shrink-0">{children}</div>
      </div>
    </section>
  );
}
