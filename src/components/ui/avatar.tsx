// A user's picture; without one (authors with no account, migrated comments, a missing image),
// their initial on a colour picked from the name, so a page never shows a blank circle.
import { useState } from 'react';

const COLORS = ['bg-indigo-600', 'bg-emerald-700', 'bg-rose-700', 'bg-amber-700', 'bg-sky-700', 'bg-violet-700', 'bg-teal-700', 'bg-fuchsia-700'];

function colorFor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[h % COLORS.length];
}

export function Avatar({ src, name, size = 20 }: { src?: string; name: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    const initial = (name.trim()[0] ?? '?').toUpperCase();
    return (
      <span
        aria-hidden
        title={name}
        data-testid="initial-avatar"
        data-initial={initial}
        // Drawn by CSS, not a text node: a name beside the avatar must not read "Aalice" in text.
        className={`inline-flex shrink-0 items-center justify-center rounded-full align-middle font-semibold text-white select-none before:content-[attr(data-initial)] ${colorFor(name)}`}
        style={{ width: size, height: size, fontSize: Math.max(9, Math.round(size * 0.45)) }}
      />
    );
  }
  return (
    <img
      src={src}
      alt=""
      title={name}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(src)}
      className="inline-block shrink-0 rounded-full bg-gray-200 align-middle dark:bg-gray-700"
      style={{ width: size, height: size }}
    />
  );
}
