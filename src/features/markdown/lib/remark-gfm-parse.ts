// remark-gfm without its Markdown *writer* half: the renderer only parses, and gfmToMarkdown drags
// mdast-util-to-markdown (~20 KB) into the chunk. The parser extensions are remark-gfm's own.
import type { Processor } from 'unified';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

// The slots remark-parse reads (its own typings declare them on unified's Data).
interface ParserData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

export function remarkGfmParse(this: Processor) {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
