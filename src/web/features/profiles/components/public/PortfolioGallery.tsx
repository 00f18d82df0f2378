import { lazy, Suspense, type SyntheticEvent, useState } from 'react';
import { thumbnailUrl } from '#domain/image-urls.ts';
import { portfolioAlt } from './profile-view';

// The viewer (a dialog, with the dialog library) loads when a picture is first opened, not with the
// page: less JavaScript to evaluate while a server-rendered profile hydrates on a slow phone.
const PortfolioViewer = lazy(() => import('./PortfolioViewer').then((m) => ({ default: m.PortfolioViewer })));

// The thumbnails are 320×320 WebP; the grid shows them square at up to ~250 CSS px.
const THUMB_SIZE = 320;
// URLs are unique in a portfolio (the server keeps the same picture once), so they are the keys.

/** If a thumbnail is missing (an image we did not make), fall back to the full image once. */
function useFullImageOnError(full: string) {
  return (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    if (img.dataset.fallback !== '1') {
      img.dataset.fallback = '1';
      img.src = full;
    }
  };
}

function Thumbnail({ url, alt, onOpen }: { url: string; alt: string; onOpen: () => void }) {
  const handleError = useFullImageOnError(url);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      className="group block aspect-square w-full cursor-zoom-in overflow-hidden rounded-xl border border-app bg-muted"
    >
      <img
        src={thumbnailUrl(url)}
        alt={alt}
        width={THUMB_SIZE}
        height={THUMB_SIZE}
        loading="lazy"
        decoding="async"
        onError={handleError}
        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
      />
    </button>
  );
}

/** 'My Work': a grid of thumbnails; each opens the full image in a dialog. */
export function PortfolioGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Kept once opened, so it closes with its animation and gives focus back.
  const [opened, setOpened] = useState(false);
  if (openIndex !== null && !opened) setOpened(true);
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.map((url, i) => (
          <li key={url}>
            <Thumbnail url={url} alt={portfolioAlt(name, i, images.length)} onOpen={() => setOpenIndex(i)} />
          </li>
        ))}
      </ul>
      {opened && (
        <Suspense fallback={null}>
          <PortfolioViewer
            images={images}
            name={name}
            index={openIndex}
            onIndexChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
          />
        </Suspense>
      )}
    </>
  );
}
