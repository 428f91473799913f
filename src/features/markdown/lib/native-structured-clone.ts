// What '@ungap/structured-clone' resolves to in a build (vite.config.ts): the Markdown stack
// (mdast-util-to-hast, hast-util-sanitize) calls it with one argument, where the package itself
// hands over to the browser's structuredClone anyway; its polyfill for old browsers (~1 KB
// gzipped) would only ride along in the Markdown chunk.
export default function clone<T>(value: T): T {
  return structuredClone(value);
}
