// What a signed-out visitor sees on the home page: what this forge is, and where to go next.
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';

const points = [
  { title: 'Browse code', text: 'Read files, READMEs and the full history of every branch, right in the browser.' },
  { title: 'Work together', text: 'Issues, pull requests and reviews; organizations with teams, and collaborators with read, write or admin access.' },
  { title: 'Gitea-compatible', text: 'The same API as Gitea, so your tools and clients keep working.' },
];

export function Welcome() {
  return (
    <div className="mx-auto max-w-3xl py-8 sm:py-16">
      <div className="text-center">
        <img src="/favicon.svg" alt="" width={56} height={56} className="mx-auto" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">A home for your git repositories</h1>
        <p className="mx-auto mt-4 max-w-xl text-base text-gray-600 dark:text-gray-300">
          Forge hosts git repositories on your own server. Push and clone over HTTPS, browse code and history, and follow what changes.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.explore.href()} className={buttonClass('primary')}>
            Explore repositories
          </Link>
          <Link to={paths.signIn.href()} className={buttonClass('secondary')}>
            Sign in
          </Link>
        </div>
      </div>
      <ul className="mt-12 grid gap-4 sm:grid-cols-3">
        {points.map((p) => (
          <li key={p.title} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
            <h2 className="text-sm font-semibold">{p.title}</h2>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{p.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
