import type { components } from '@/lib/api/schema';
import { normalizeHex, textColorFor } from '@/lib/label-color';

type Label = Pick<components['schemas']['Label'], 'name' | 'color'> & Partial<Pick<components['schemas']['Label'], 'description' | 'exclusive'>>;

/**
 * A label filled with its own colour and black or white text, whichever reads better.
 * Scoped labels ("scope/name", Gitea's exclusive labels) show the scope in a darker half.
 */
export function LabelChip({ label, size = 'sm' }: { label: Label; size?: 'sm' | 'md' }) {
  const bg = `#${normalizeHex(label.color) ?? '999999'}`;
  const fg = textColorFor(bg);
  const pad = size === 'md' ? 'px-2.5 py-0.5 text-sm' : 'px-2 py-px text-xs';
  const slash = label.name.lastIndexOf('/');
  const scoped = Boolean(label.exclusive) && slash > 0 && slash < label.name.length - 1;
  const base = `inline-flex max-w-full items-center rounded-full font-medium leading-5 whitespace-nowrap ring-1 ring-black/10 ring-inset dark:ring-white/15`;
  if (scoped) {
    return (
      <span className={`${base} overflow-hidden`} title={label.description || undefined} style={{ backgroundColor: bg, color: fg }}>
        <span className={`${pad} truncate`} style={{ backgroundColor: 'rgba(0,0,0,0.18)', color: '#ffffff' }}>
          {label.name.slice(0, slash)}
        </span>
        <span className={`${pad} truncate`}>{label.name.slice(slash + 1)}</span>
      </span>
    );
  }
  return (
    <span className={`${base} ${pad}`} title={label.description || undefined} style={{ backgroundColor: bg, color: fg }}>
      <span className="truncate">{label.name}</span>
    </span>
  );
}
