// Emoji shortcodes in text (:+1: → 👍) from the gemoji package, as the web app's remark-emoji does:
// only text nodes change, so code spans, code blocks and URLs keep their colons.
import type { Parent, Root, Text } from 'mdast';
import { gemoji } from 'gemoji';

let map: Map<string, string> | undefined;
const emojiMap = () => {
  if (!map) {
    map = new Map();
    for (const e of gemoji) for (const name of e.names) map.set(name, e.emoji);
  }
  return map;
};

const SHORTCODE = /:([a-z0-9_+-]+):/g;

function walk(node: Parent) {
  for (const child of node.children) {
    if (child.type === 'text') {
      const t = child as Text;
      if (t.value.includes(':')) t.value = t.value.replace(SHORTCODE, (whole, name: string) => emojiMap().get(name) ?? whole);
    } else if ('children' in child) {
      walk(child as Parent);
    }
  }
}

export function remarkEmoji() {
  return (tree: Root) => walk(tree);
}
