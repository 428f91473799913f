// The editor's colours for the app's light and dark themes, as CodeMirror themes (style-mod puts
// them, like CodeMirror's own styles, in the editor's shadow root through adoptedStyleSheets:
// the page's Content Security Policy allows no <style> elements). Token classes come from
// @lezer/highlight's classHighlighter.
import { EditorView } from '@codemirror/view';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

const tokens = (c: Record<string, string>) => ({
  '.tok-keyword': { color: c.keyword },
  '.tok-string, .tok-string2': { color: c.string },
  '.tok-comment': { color: c.comment, fontStyle: 'italic' },
  '.tok-number, .tok-bool, .tok-atom': { color: c.number },
  '.tok-variableName.tok-definition, .tok-propertyName.tok-definition, .tok-heading': { color: c.definition },
  '.tok-heading': { fontWeight: '600' },
  '.tok-typeName, .tok-className, .tok-attributeName': { color: c.type },
  '.tok-tagName': { color: c.tag },
  '.tok-link, .tok-url': { color: c.link, textDecoration: 'underline' },
  '.tok-emphasis': { fontStyle: 'italic' },
  '.tok-strong': { fontWeight: '600' },
});

const base = {
  '&': { minHeight: '24rem', maxHeight: '75vh', fontSize: '0.8125rem' },
  '.cm-scroller': { fontFamily: mono, minHeight: '24rem' },
  '&.cm-focused': { outline: '2px solid #6366f1', outlineOffset: '-2px' },
};

export const lightTheme = EditorView.theme({
  ...base,
  '&': { ...base['&'], backgroundColor: '#ffffff', color: '#1f2937' },
  '.cm-gutters': { backgroundColor: '#f9fafb', color: '#4b5563', borderRight: '1px solid #e5e7eb' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: '#eef2ff' },
  ...tokens({
    keyword: '#a626a4',
    string: '#2f6f1f',
    comment: '#57606a',
    number: '#9a4f00',
    definition: '#1d4ed8',
    type: '#9a3412',
    tag: '#b91c1c',
    link: '#4338ca',
  }),
});

export const darkTheme = EditorView.theme(
  {
    ...base,
    '&': { ...base['&'], backgroundColor: '#030712', color: '#e5e7eb' },
    '.cm-content': { caretColor: '#e5e7eb' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#e5e7eb' },
    '.cm-gutters': { backgroundColor: '#111827', color: '#9ca3af', borderRight: '1px solid #1f2937' },
    '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: '#1e1b4b' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: '#3730a3' },
    ...tokens({
      keyword: '#e879f9',
      string: '#86efac',
      comment: '#9ca3af',
      number: '#fdba74',
      definition: '#93c5fd',
      type: '#fca5a5',
      tag: '#fca5a5',
      link: '#a5b4fc',
    }),
  },
  { dark: true },
);
