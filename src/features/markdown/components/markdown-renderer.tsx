// The Markdown stack: GFM (tables, task lists, strikethrough, autolinks, footnotes), the GitHub
// sanitizer schema, then highlighting and link rules — so nothing from the source survives unsanitized.
// highlight.js is not part of this chunk: it loads only when the text has fenced code.
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import Markdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import { Link } from 'react-router';
import { loadedHighlighter } from '@/lib/highlight';
import { fencedGrammars, highlighterFor, rehypeCodeHighlight } from '../lib/code-highlight';
import { rehypeLinks } from '../lib/rehype-links';
import { resolveRelative } from '../lib/resolve-url';
import { remarkGfmParse } from '../lib/remark-gfm-parse';
import { remarkReferences, type ReferenceContext } from '../lib/remark-references';
import { remarkEmoji } from '../lib/remark-emoji';
import { hasShortcode, loadEmojiMap, loadedEmojiMap } from '../lib/emoji-map';
import { setTask } from '../lib/task-list';
import { isForgeApiUrl } from '@/lib/api/fetch-blob';
import { MarkdownSkeleton } from './markdown-skeleton';
import { TokenImage } from './token-image';
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
  /**
   * The repository is private (or internal): its raw files answer only with the session token, so
   * images from this forge's API load through the API client. Public ones stay plain <img>.
   */
  privateRepo?: boolean;
  /** Given to those who may edit the text: task-list checkboxes become tickable and report the new source. */
  onTaskToggle?: (nextSource: string) => void;
}

type HastNode = { type: string; tagName?: string; value?: string; children?: HastNode[] };
/** A task item's own words (not its nested lists), to name its checkbox for screen readers. */
const ownText = (n: HastNode): string =>
  n.type === 'text' ? (n.value ?? '') : n.tagName === 'ul' || n.tagName === 'ol' ? '' : (n.children ?? []).map(ownText).join('');

// The task item a checkbox sits in (source offset, label), and what ticking it does.
const TaskItem = createContext<{ offset: number; label: string } | null>(null);
const TaskToggle = createContext<{ source: string; onToggle: (next: string) => void } | null>(null);

function TaskCheckbox({ checked }: { checked: boolean }) {
  const item = useContext(TaskItem);
  const toggle = useContext(TaskToggle);
  const label = item?.label.trim().replace(/\s+/g, ' ') || 'Task';
  // Shown ticked at once while the save runs; once the source changes, the source decides again.
  const [optimistic, setOptimistic] = useState<{ from: boolean; to: boolean } | null>(null);
  if (!item || !toggle) return <input type="checkbox" checked={checked} disabled readOnly aria-label={label} />;
  const shown = optimistic && optimistic.from === checked ? optimistic.to : checked;
  return (
    <input
      type="checkbox"
      checked={shown}
      aria-label={label}
      onChange={(e) => {
        setOptimistic({ from: checked, to: e.target.checked });
        toggle.onToggle(setTask(toggle.source, item.offset, e.target.checked));
      }}
    />
  );
}

const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./]],
    // Keeps the footnote class and adds the ones remark-references gives mentions and issue links.
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter((a) => !(Array.isArray(a) && a[0] === 'className')),
      ['className', 'data-footnote-backref', 'mention', 'issue-ref'],
    ],
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
  // A code block wider than the page scrolls: keyboard users reach it to scroll it (axe's
  // scrollable-region-focusable).
  pre: ({ node: _node, ...rest }) => <pre tabIndex={0} {...rest} />,
  li: ({ node, children, ...rest }) => {
    const offset = node?.position?.start.offset;
    if (!String(rest.className ?? '').includes('task-list-item') || offset === undefined) return <li {...rest}>{children}</li>;
    return (
      <li {...rest}>
        <TaskItem.Provider value={{ offset, label: ownText(node as HastNode) }}>{children}</TaskItem.Provider>
      </li>
    );
  },
  input: ({ node: _node, type, checked, ...rest }) =>
    type === 'checkbox' ? <TaskCheckbox checked={!!checked} /> : <input type={type} checked={checked} {...rest} />,
};

const privateComponents: Components = {
  ...components,
  img: ({ node: _node, alt, src, ...rest }) =>
    typeof src === 'string' && isForgeApiUrl(src) ? (
      <TokenImage src={src} alt={alt ?? ''} {...rest} />
    ) : (
      <img src={src} alt={alt ?? ''} loading="lazy" {...rest} />
    ),
};

/**
 * highlight.js with the grammars the fenced code in `source` needs, or `pending` while they load
 * (the caller shows a placeholder so code never flashes plain). A block the fence scan missed is
 * highlighted once its grammar arrives.
 */
function useHighlighter(source: string) {
  const grammars = useMemo(() => fencedGrammars(source), [source]);
  const key = grammars.join(' ');
  // Bumped when a load settles; what is registered lives in the shared highlight.js instance.
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const hljs = loadedHighlighter(grammars, source);
  const pending = grammars.length > 0 && !hljs && !settled.has(key);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void highlighterFor(grammars, source).then(() => live && setSettled((s) => new Set(s).add(key)));
    return () => {
      live = false;
    };
  }, [pending, grammars, key, source]);
  const onMissing = (grammar: string) => {
    void highlighterFor([grammar]).then((loaded) => loaded && setSettled((s) => new Set(s).add(grammar)));
  };
  return { pending, options: { hljs, onMissing } };
}

/** The emoji map when `source` looks like it has a shortcode: loaded on demand, the text re-rendered once it is. */
function useEmojiMap(source: string) {
  const wanted = hasShortcode(source);
  const [emoji, setEmoji] = useState(loadedEmojiMap);
  useEffect(() => {
    if (!wanted || emoji) return;
    let live = true;
    void loadEmojiMap().then((m) => live && setEmoji(m));
    return () => {
      live = false;
    };
  }, [wanted, emoji]);
  return wanted ? emoji : null;
}

export function MarkdownRenderer({ source, baseHref, imageBaseHref, className = '', references, privateRepo = false, onTaskToggle }: MarkdownRendererProps) {
  const highlight = useHighlighter(source);
  const emoji = useEmojiMap(source);
  const urlTransform: UrlTransform = (url, key) => {
    const safe = defaultUrlTransform(url);
    return key === 'src' ? resolveRelative(safe, imageBaseHref ?? baseHref) : resolveRelative(safe, baseHref);
  };
  const toggle = useMemo(() => (onTaskToggle ? { source, onToggle: onTaskToggle } : null), [source, onTaskToggle]);
  if (highlight.pending) return <MarkdownSkeleton />;
  return (
    <div className={`markdown ${className}`}>
      <TaskToggle.Provider value={toggle}>
        <Markdown
          remarkPlugins={[remarkGfmParse, [remarkReferences, references], [remarkEmoji, emoji]]}
          rehypePlugins={[[rehypeSanitize, schema], [rehypeCodeHighlight, highlight.options], rehypeLinks]}
          remarkRehypeOptions={{ clobberPrefix: '' }}
          urlTransform={urlTransform}
          components={privateRepo ? privateComponents : components}
        >
          {source}
        </Markdown>
      </TaskToggle.Provider>
    </div>
  );
}
