import { useState } from 'react';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}

/**
 * A round picture with an initials fallback. The fallback belongs to the address that failed, so a
 * new `src` (a new avatar, a fresher copy of the user) is tried at once instead of keeping initials.
 */
export function Avatar({ name, src, size = 40 }: { name: string; src?: string | null; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        className="rounded-full object-cover"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    // The initials are drawn by CSS, not text content: inside a labelled button, visible text that is
    // not part of the label fails WCAG 2.5.3 (label in name).
    <span
      aria-hidden="true"
      data-initials={initials(name)}
      style={style}
      className="inline-flex items-center justify-center rounded-full bg-brand-700 font-semibold text-white before:content-[attr(data-initials)] dark:bg-brand-600"
    />
  );
}
