// An image from this forge's API that needs the session token (a private repository's raw file):
// fetched with the API client and shown from an object URL, which is revoked when it goes away.
// Only this component makes blob: URLs; Markdown source can never supply one.
import { useEffect, useState, type ComponentPropsWithoutRef, type CSSProperties } from 'react';
import { fetchBlob } from '@/lib/api/fetch-blob';

type ImgProps = Omit<ComponentPropsWithoutRef<'img'>, 'src'> & { src: string };

type State = { src: string; url: string } | { src: string; failed: true } | null;

/** A CSS length from an HTML width/height attribute ("120" means pixels). */
const cssLength = (v: string | number | undefined) => (v === undefined || v === '' ? undefined : /^\d+$/.test(String(v)) ? `${v}px` : String(v));

export function TokenImage({ src, alt, width, height, ...rest }: ImgProps) {
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    fetchBlob(src, { signal: abort.signal })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ src, url });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ src, failed: true });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [src]);

  // A state left over from a previous src counts as still loading.
  const current = state && state.src === src ? state : null;
  if (current && 'url' in current) return <img src={current.url} alt={alt ?? ''} width={width} height={height} {...rest} />;
  if (current) {
    return (
      <span
        className="inline-block rounded border border-dashed border-gray-300 px-2 py-1 text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400"
        title={rest.title}
      >
        {alt || 'Image could not be loaded'}
      </span>
    );
  }
  // Keeps the space the image will take when its size is known, so the text does not jump.
  const size: CSSProperties = { width: cssLength(width) ?? '8rem', height: cssLength(height) ?? '6rem' };
  return (
    <span
      role="img"
      aria-label={alt ? `${alt} (loading)` : 'Image loading'}
      aria-busy="true"
      style={size}
      className="inline-block max-w-full animate-pulse rounded bg-gray-100 align-middle dark:bg-gray-800"
    />
  );
}
