// A row of secondary link-buttons to sibling pages (Labels · Milestones · Issues), with room at the
// end for the page's own primary action.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';

export function LinkButtons({ links, children }: { links: { to: string; label: string }[]; children?: ReactNode }) {
  return (
    <div className="flex gap-2">
      {links.map((l) => (
        <Link key={l.to} to={l.to} className={`${buttonClass('secondary')} whitespace-nowrap`}>
          {l.label}
        </Link>
      ))}
      {children}
    </div>
  );
}
