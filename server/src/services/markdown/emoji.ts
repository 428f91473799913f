// Emoji shortcodes in text (:+1: → 👍) from the gemoji package, as the web app's remark-emoji does:
// only text nodes change, so code spans, code blocks and URLs keep their colons.
import type { Root } from 'mdast';
import { gemoji } from 'gemoji';
import { replaceText } from './tree.ts';

let map: Map<string, string> | undefined;
const emojiMap = () => {
  if (!map) {
    map = new Map();
    for (const e of gemoji) for (const name of e.names) map.set(name, e.emoji);
  }
  return map;
};

const SHORTCODE = /:([a-z0-9_+-]+):/g;

function replace(value: string) {
  if (!value.includes(':')) return null;
  const out = value.replace(SHORTCODE, (whole, name: string) => emojiMap().get(name) ?? whole);
  return out === value ? null : [{ type: 'text' as const, value: out }];
}

export function remarkEmoji() {
  return (tree: Root) => replaceText(tree, replace);
}
