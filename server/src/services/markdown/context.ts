// Gitea's MarkdownOption.Context: the page a text belongs to, which relative links resolve
// against and which repository a bare `#N` or commit id refers to. Accepted forms:
//   /owner/repo                                   (an issue or comment: `#N` and commit ids link there)
//   /owner/repo/src/{branch|tag|commit}/{ref}/dir (a file or README: links resolve in that folder,
//                                                  images at /owner/repo/media/… as Gitea serves them)
// and the same with this forge's root URL (or any http(s) origin) in front. Anything else is only a
// base for relative links.

export interface RenderContext {
  /** Folder URL (ending in '/') relative links resolve against, or undefined. */
  linkBase?: string;
  /** Folder URL relative images resolve against (Gitea's /media/ for a src/ context). */
  imageBase?: string;
  /** The forge's sub-path as the context carried it ('' when it did not). */
  sub?: string;
  /** The repository `#N` and commit ids refer to, with the URL prefix its pages live under. */
  repo?: { owner: string; name: string; prefix: string };
}

/** What one render's plugins need, carried on its file (`file.data.render`): the processors are shared. */
export interface RenderData {
  ctx: RenderContext;
  /** URL prefix of user pages ('' or the forge's sub-path / origin). */
  site: string;
  /** This forge's own origin, whose links stay in the same tab. */
  origin: string;
}

export const renderData = (file: { data: Record<string, unknown> }) => file.data.render as RenderData;

const NAME = /^[A-Za-z0-9_.-]+$/;

export function parseContext(context: string | undefined, subPath = ''): RenderContext {
  const raw = (context ?? '').trim();
  if (!raw) return {};
  let origin = '';
  let path = raw;
  const abs = /^(https?:\/\/[^/?#]+)(\/[^?#]*)?/i.exec(raw);
  if (abs) {
    origin = abs[1]!;
    path = abs[2] ?? '/';
  } else if (!raw.startsWith('/') || raw.startsWith('//')) {
    // Gitea joins a bare "owner/repo" to its URL: here it is site-relative.
    path = `/${raw.replace(/^\/+/, '')}`;
  }
  path = path.replace(/[?#].*$/, '');
  // The forge's sub-path, when the context starts with it: what follows names the repository. A
  // context without it (the web app's page paths) keeps its links without it too.
  const sub = subPath.replace(/\/+$/, '');
  const base = sub && path.startsWith(`${sub}/`) ? sub : '';
  const local = path.slice(base.length);
  const folder = `${origin}${path.replace(/\/*$/, '/')}`;
  const parts = local.split('/').filter(Boolean);
  const out: RenderContext = { linkBase: folder, imageBase: folder, sub: base };
  if (parts.length >= 2 && NAME.test(parts[0]!) && NAME.test(parts[1]!)) {
    const prefix = `${origin}${base}/${parts[0]}/${parts[1]}`;
    out.repo = { owner: parts[0]!, name: parts[1]!, prefix };
    if (parts[2] === 'src' && ['branch', 'tag', 'commit'].includes(parts[3] ?? '') && parts.length >= 5) {
      out.imageBase = `${prefix}/media/${parts.slice(3).join('/')}/`;
    }
  }
  return out;
}
