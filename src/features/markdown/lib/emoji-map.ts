// Emoji shortcodes (:+1:, :tada:) as GitHub and Gitea know them, from the gemoji package. The
// package is large, so it loads on its own, only once some text holds something like a shortcode;
// the Markdown chunk keeps just this loader.

/** Something that looks like a shortcode: letters, digits, '_', '+', '-' between colons. */
export const SHORTCODE = /:([a-z0-9_+-]+):/g;

let map: Map<string, string> | null = null;
let loading: Promise<Map<string, string>> | null = null;

export const hasShortcode = (text: string) => /:[a-z0-9_+-]+:/.test(text);

/** The shortcode → emoji map, once loaded (null before). */
export const loadedEmojiMap = () => map;

export function loadEmojiMap(): Promise<Map<string, string>> {
  loading ??= import('gemoji').then(({ gemoji }) => {
    const m = new Map<string, string>();
    for (const g of gemoji) for (const name of g.names) m.set(name, g.emoji);
    map = m;
    return m;
  });
  return loading;
}

/** `text` with every known shortcode replaced by its emoji; unknown ones stay as typed. */
export function replaceShortcodes(text: string, emoji: ReadonlyMap<string, string>): string {
  return text.replace(SHORTCODE, (whole, name: string) => emoji.get(name) ?? whole);
}
