// Which branch names a protection rule's name matches, as the server decides (Gitea compiles rule
// names with gobwas/glob and '/' as separator; a name without glob characters is a plain branch
// name compared case-insensitively). The settings form uses it for its live preview.

// gobwas/glob's special characters: a rule name with none of them is a plain name.
const SPECIAL = /[*?[\]{}\\]/;

export const isPlainPattern = (pattern: string) => !SPECIAL.test(pattern);

const escapeRe = (ch: string) => ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The pattern as a RegExp: `*` any run without '/', `**` any run, `?` one character but '/',
 * `[abc]` / `[!a-z]` one of a class, `{a,b}` alternatives, `\x` the character x.
 * Null when the pattern is not a valid glob (unclosed bracket or brace, trailing backslash).
 */
export function compileGlob(pattern: string): RegExp | null {
  let i = 0;
  const parse = (inAlternative: boolean): string | null => {
    let out = '';
    while (i < pattern.length) {
      const ch = pattern[i]!;
      if (inAlternative && (ch === ',' || ch === '}')) return out;
      i++;
      if (ch === '\\') {
        if (i >= pattern.length) return null;
        out += escapeRe(pattern[i++]!);
      } else if (ch === '*') {
        if (pattern[i] === '*') {
          while (pattern[i] === '*') i++;
          out += '.*';
        } else out += '[^/]*';
      } else if (ch === '?') {
        out += '[^/]';
      } else if (ch === '[') {
        const end = pattern.indexOf(']', i);
        if (end < 0) return null;
        let body = pattern.slice(i, end);
        i = end + 1;
        const negate = body.startsWith('!');
        if (negate) body = body.slice(1);
        if (!body) return null;
        const cls = body.replace(/[\\\]^[]/g, '\\$&');
        out += negate ? `[^${cls}]` : `[${cls}]`;
      } else if (ch === '{') {
        const alternatives: string[] = [];
        for (;;) {
          const alt = parse(true);
          if (alt === null || i >= pattern.length) return null;
          alternatives.push(alt);
          if (pattern[i++] === '}') break;
        }
        out += `(?:${alternatives.join('|')})`;
      } else if (ch === ']' || ch === '}') {
        return null;
      } else {
        out += escapeRe(ch);
      }
    }
    return inAlternative ? null : out;
  };
  const body = parse(false);
  return body === null ? null : new RegExp(`^${body}$`, 's');
}

/** A matcher for one rule name, or null when the name is an invalid glob. */
export function ruleMatcher(pattern: string): ((branch: string) => boolean) | null {
  if (isPlainPattern(pattern)) {
    const lower = pattern.toLowerCase();
    return (b) => b.toLowerCase() === lower;
  }
  const re = compileGlob(pattern);
  return re ? (b) => re.test(b) : null;
}

/** The branches a rule name matches (none for an invalid glob). */
export function matchingBranches(pattern: string, branches: string[]): string[] {
  const match = pattern ? ruleMatcher(pattern) : null;
  return match ? branches.filter(match) : [];
}
