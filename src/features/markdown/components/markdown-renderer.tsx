// The Markdown stack: GFM (tables, task lists, strikethrough, autolinks, footnotes), the GitHub
// sanitizer schema, then highlighting and link rules — so nothing from the source survives unsanitized.
import Markdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeHighlight from 'rehype-highlight';
import { Link } from 'react-router';
import { rehypeLinks } from '../lib/rehype-links';
import { resolveRelative } from '../lib/resolve-url';
import { remarkReferences, type ReferenceContext } from '../lib/remark-references';
import './markdown.css';

export interface MarkdownRendererProps {
  source: string;
  /** Folder URL that relative links resolve against, e.g. /owner/repo/src/branch/main/docs/ */
  baseHref?: string;
  /** Folder URL that relative images resolve against (the raw file endpoint); defaults to baseHref. */
  imageBaseHref?: string;
  className?: string;
  /** The repository a bare `#N` refers to (issue bodies and comments); `@user` links regardless. */
  references?: ReferenceContext;
}

const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./]],
    // Keeps the footnote class and adds the ones remark-references gives mentions and issue links.
    a: [...(defaultSchema.attributes?.a ?? []).filter((a) => !(Array.isArray(a) && a[0] === 'className')), ['className', 'data-footnote-backref', 'mention', 'issue-ref']],
  },
};

const components: Components = {
  a: ({ node: _node, href, children, ...rest }) => {
    // Links inside the app stay in the app; everything else is a plain anchor.
    if (href && href.startsWith('/') && !href.startsWith('//') && !rest.target) {
      return (
        <Link to={href} {...rest}>
          {children}
        </Link>
      );
    }
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  },
  img: ({ node: _node, alt, ...rest }) => <img alt={alt ?? ''} loading="lazy" {...rest} />,
};

export function MarkdownRenderer({ source, baseHref, imageBaseHref, className = '', references }: MarkdownRendererProps) {
  const urlTransform: UrlTransform = (url, key) => {
    const safe = defaultUrlTransform(url);
    return key === 'src' ? resolveRelative(safe, imageBaseHref ?? baseHref) : resolveRelative(safe, baseHref);
  };
  return (
    <div className={`markdown ${className}`}>
      <Markdown
        remarkPlugins={[remarkGfm, [remarkReferences, references]]}
        rehypePlugins={[[rehypeSanitize, schema], [rehypeHighlight, { detect: false }], rehypeLinks]}
        remarkRehypeOptions={{ clobberPrefix: '' }}
        urlTransform={urlTransform}
        components={components}
      >
        {source}
      </Markdown>
    </div>
  );
}
