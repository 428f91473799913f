// A row of tabs that may be wider than the screen (phones): it scrolls sideways, a fade on the
// side that has more says so, and the current tab is scrolled into view on arrival.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function TabScroller({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setMore({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    const current = el.querySelector<HTMLElement>('[aria-current="page"]');
    // Only sideways: scrollIntoView would also move the page down to the tabs.
    if (current && (current.offsetLeft + current.offsetWidth > el.clientWidth || current.offsetLeft < el.scrollLeft)) el.scrollLeft = current.offsetLeft - 16;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      ro?.disconnect();
    };
  }, []);
  const fade = 'pointer-events-none absolute inset-y-0 w-8 from-white to-transparent dark:from-gray-950';
  return (
    <nav aria-label={label} className={`relative ${className}`} data-scroll-left={more.left || undefined} data-scroll-right={more.right || undefined}>
      <div ref={ref} className="overflow-x-auto [scrollbar-width:thin]">
        {children}
      </div>
      {more.left && <div aria-hidden className={`${fade} left-0 bg-gradient-to-r`} />}
      {more.right && (
        <div aria-hidden className={`${fade} right-0 flex items-center justify-end bg-gradient-to-l`}>
          <span className="pr-0.5 text-gray-500 dark:text-gray-400">›</span>
        </div>
      )}
    </nav>
  );
}
