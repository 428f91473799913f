// Author, committer and tagger lines (issue #23): a name or e-mail address goes into an ident line
// only without what would break it or make git refuse it. The API refuses such text on the way
// in (api/clean-text.ts); rows written before that may still hold a NUL byte or a control
// character, so every ident git receives is cleaned here, like git's own "crud" stripping.

/** A UTF-16 surrogate without its pair (JSON.parse makes one of "\ud800"): no valid Unicode text holds one. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// NUL and control characters, the brackets that delimit the address, and lone surrogates.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** One part of an ident line (a name or an e-mail address) with unsafe characters removed and trimmed. */
export function identPart(value: string): string {
  return value.replace(UNSAFE, '').trim();
}

/** A name and address ready for an ident line; an empty name falls back to `fallbackName`. */
export function cleanIdent<T extends { name: string; email: string }>(who: T, fallbackName = 'unknown'): T {
  return { ...who, name: identPart(who.name) || fallbackName, email: identPart(who.email) };
}
