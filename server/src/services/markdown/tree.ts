// Tree helpers the Markdown plugins share: the Markdown tree's text replaced node by node, and an
// HTML element's words.
import type { ElementContent, RootContent } from 'hast';
import type { Parent, PhrasingContent, Root } from 'mdast';

/**
 * Replaces each text node under `tree` with what `split` makes of its value (null keeps it as it
 * is). Nodes whose type is in `skip` (and what they hold) are left alone.
 */
export function replaceText(tree: Root, split: (value: string) => PhrasingContent[] | null, skip?: ReadonlySet<string>) {
  const walk = (node: Parent) => {
    for (let i = 0; i < node.children.length; i++) {
      const child = node.children[i]!;
      if (skip?.has(child.type)) continue;
      if (child.type === 'text') {
        const parts = split(child.value);
        if (!parts) continue;
        node.children.splice(i, 1, ...(parts as typeof node.children));
        i += parts.length - 1;
      } else if ('children' in child) walk(child as Parent);
    }
  };
  walk(tree);
}

/** The text under an HTML node. */
export const textOf = (node: ElementContent | RootContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';
