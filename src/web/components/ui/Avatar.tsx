import { useState } from 'react';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}

/** A round picture with an initials fallback. */
export function Avatar({ name, src, size = 40 }: { name: string; src?: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        className="rounded-full object-cover"
        onError={() => setFailed(true)}
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
