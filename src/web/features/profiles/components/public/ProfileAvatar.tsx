import { useState } from 'react';
import { thumbnailUrl } from '#domain/image-urls.ts';
import { initialsOf } from '#domain/profiles-options.ts';

/** The hero picture: the avatar (small thumbnail first, full size for dense screens) or the initials. */
export function ProfileAvatar({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(false);
  const frame = 'h-24 w-24 shrink-0 rounded-full ring-4 ring-[color:var(--card)] shadow-lg sm:h-32 sm:w-32';
  if (src && !failed) {
    const thumb = thumbnailUrl(src);
    return (
      <img
        src={thumb}
        srcSet={thumb === src ? undefined : `${thumb} 320w, ${src} 400w`}
        sizes="128px"
        alt={name}
        width={128}
        height={128}
        fetchPriority="high"
        onError={() => setFailed(true)}
        className={`${frame} bg-muted object-cover`}
      />
    );
  }
  return (
    <span
      // The name is the h1 beside it; the initials add nothing for a screen reader.
      aria-hidden="true"
      className={`${frame} inline-flex items-center justify-center bg-brand-700 text-3xl font-bold text-white sm:text-4xl dark:bg-brand-600`}
    >
      {initialsOf(name)}
    </span>
  );
}
