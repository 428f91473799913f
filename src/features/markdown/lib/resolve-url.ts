// Resolving a Markdown document's relative links against where the document lives.

const isAbsolute = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

/**
 * Resolves `url` against `base` (a folder URL ending in '/', absolute or site-relative, possibly with
 * a ?query such as ?ref=main that must be kept). Absolute URLs, site-absolute paths and fragments are
 * returned unchanged.
 */
export function resolveRelative(url: string, base: string | undefined): string {
  if (!base || !url || isAbsolute(url) || url.startsWith('/') || url.startsWith('#') || url.startsWith('?')) return url;
  const q = base.indexOf('?');
  const basePath = q >= 0 ? base.slice(0, q) : base;
  const baseQuery = q >= 0 ? base.slice(q) : '';
  const dummy = 'http://resolve.invalid';
  const baseUrl = isAbsolute(basePath) ? new URL(basePath) : new URL(basePath, dummy);
  const out = new URL(url, baseUrl);
  const search = out.search || baseQuery;
  const prefix = out.origin === dummy ? '' : out.origin;
  return `${prefix}${out.pathname}${search}${out.hash}`;
}

/** True for http(s) links that leave this site. */
export function isExternal(href: string, here = typeof location === 'undefined' ? '' : location.origin): boolean {
  if (!/^(https?:)?\/\//i.test(href)) return false;
  try {
    return new URL(href, here || 'http://resolve.invalid').origin !== here;
  } catch {
    return false;
  }
}
