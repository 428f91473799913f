// Emoji shortcodes in text (:+1: → 👍): only text nodes change, so code spans, code blocks and
// URLs keep their colons.
import type { Parent, Root, Text } from 'mdast';
import { hasShortcode, replaceShortcodes } from './emoji-map';

function walk(node: Parent, emoji: ReadonlyMap<string, string>) {
  for (const child of node.children) {
    if (child.type === 'text') {
      const t = child as Text;
      if (hasShortcode(t.value)) t.value = replaceShortcodes(t.value, emoji);
    } else if ('children' in child) {
      // A link's words may hold shortcodes too; its URL is not a text node.
      walk(child as Parent, emoji);
    }
  }
}

/** Without a map (not loaded yet) the text stays as written. */
export function remarkEmoji(emoji?: ReadonlyMap<string, string> | null) {
  return (tree: Root) => {
    if (emoji) walk(tree, emoji);
  };
}
