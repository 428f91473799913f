// HTML rendered by a server (this forge's or Gitea's POST /markdown), made safe and ready to insert:
// sanitized again with DOMPurify (a server's output is not trusted blindly), links and images on
// the forge's own origin made site-relative (so the app can route them), the server's /media/
// image URLs mapped to the API's raw files, and, in a private repository, those images held back
// for a load with the session token (token-images.ts).
import DOMPurify from 'dompurify';

export interface HtmlOptions {
  /** Origins whose absolute URLs are this app's own pages (the page's and the forge's). */
  origins: string[];
  /** Site-relative URL prefix of the server's image links (…/media/branch/main/) and what a path below it becomes. */
  images?: { prefix: string; to: (path: string) => string };
  /** Images that need the session token (private repository raw files) get data-token-src instead of src. */
  needsToken?: (src: string) => boolean;
}

const TOKEN_SRC = 'data-token-src';

// Nothing the server sends may restyle or cover the app around the text: no style sheets or style
// attributes, no forms, only the classes Markdown's own styles use (not the app's utility classes,
// e.g. `fixed inset-0`), and only `user-content-` ids (Gitea's and this forge's), which cannot
// collide with the app's own. Task lists keep their (disabled) checkboxes and nothing else.
const PURIFY = {
  RETURN_DOM_FRAGMENT: true as const,
  ADD_ATTR: ['target', 'loading'],
  ALLOW_DATA_ATTR: false,
  FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'dialog'],
  FORBID_ATTR: ['style'],
};
const CLASS =
  /^(hljs(-[\w-]+)?|[a-z]+_+|language-\S+|lang-\S+|task-list-item|contains-task-list|footnotes|sr-only|data-footnote-backref|mention|issue-ref|commit-ref|ref-issue|emoji)$/;
const ID = /^(\w+:)?user-content-/;

function restrict(fragment: DocumentFragment) {
  for (const el of fragment.querySelectorAll('[class]')) {
    const kept = [...el.classList].filter((c) => CLASS.test(c));
    if (kept.length) el.setAttribute('class', kept.join(' '));
    else el.removeAttribute('class');
  }
  for (const el of fragment.querySelectorAll('[id], [name]')) {
    for (const attr of ['id', 'name']) if (el.hasAttribute(attr) && !ID.test(el.getAttribute(attr)!)) el.removeAttribute(attr);
  }
  for (const input of fragment.querySelectorAll('input')) {
    if (input.getAttribute('type') !== 'checkbox') input.remove();
    else input.setAttribute('disabled', '');
  }
}

function siteRelative(url: string, origins: string[]): string {
  for (const o of origins) if (o && (url === o || url.startsWith(`${o}/`))) return url.slice(o.length) || '/';
  return url;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function prepareHtml(html: string, options: HtmlOptions): string {
  // data-* attributes from the server are dropped: only this code sets data-token-src.
  const fragment = DOMPurify.sanitize(html, PURIFY);
  restrict(fragment);
  for (const a of fragment.querySelectorAll('a[href]')) a.setAttribute('href', siteRelative(a.getAttribute('href')!, options.origins));
  // Any target (a named one opens a new window too) goes without window.opener.
  for (const a of fragment.querySelectorAll('a[target]')) a.setAttribute('rel', 'noopener noreferrer');
  for (const img of fragment.querySelectorAll('img')) {
    let src = siteRelative(img.getAttribute('src') ?? '', options.origins);
    const { images } = options;
    if (images && src.startsWith(images.prefix)) src = images.to(decodePath(src.slice(images.prefix.length).replace(/[?#].*$/, '')));
    if (!img.hasAttribute('alt')) img.setAttribute('alt', '');
    img.setAttribute('loading', 'lazy');
    if (options.needsToken?.(src)) {
      img.removeAttribute('src');
      img.setAttribute(TOKEN_SRC, src);
    } else if (src) img.setAttribute('src', src);
  }
  // A code block wider than the page scrolls: keyboard users reach it to scroll it (axe's
  // scrollable-region-focusable).
  for (const pre of fragment.querySelectorAll('pre')) pre.setAttribute('tabindex', '0');
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/**
 * Loads every held-back image under `root` with `load` (fetchBlob: the API client, with the token)
 * and shows it from an object URL; one that fails shows its alt text. Returns the cleanup.
 */
export function loadTokenImages(root: HTMLElement, load: (src: string, signal: AbortSignal) => Promise<Blob>): () => void {
  const abort = new AbortController();
  const urls: string[] = [];
  for (const img of root.querySelectorAll<HTMLImageElement>(`img[${TOKEN_SRC}]`)) {
    const src = img.getAttribute(TOKEN_SRC)!;
    img.setAttribute('aria-busy', 'true');
    load(src, abort.signal)
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        urls.push(url);
        img.src = url;
        img.removeAttribute('aria-busy');
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        const note = document.createElement('span');
        note.className = 'inline-block rounded border border-dashed border-gray-300 px-2 py-1 text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400';
        note.textContent = img.alt || 'Image could not be loaded';
        img.replaceWith(note);
      });
  }
  return () => {
    abort.abort();
    for (const url of urls) URL.revokeObjectURL(url);
  };
}
