// The code editor of the editing pages: CodeMirror 6 with line numbers, the language of the file
// name (loaded on demand by @codemirror/language-data) and the app's light or dark colours
// (following the `dark` class on <html>). It lives in a shadow root: there CodeMirror's styles go
// in through adoptedStyleSheets, which the page's Content Security Policy does not block (it
// refuses <style> elements). Only editing routes import this module, so no other page downloads
// CodeMirror.
import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { LanguageDescription, syntaxHighlighting } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { classHighlighter } from '@lezer/highlight';
import { darkTheme, lightTheme } from './code-editor-theme';

const isDark = () => document.documentElement.classList.contains('dark');

export interface CodeEditorProps {
  /** The file name: picks the language. */
  filename: string;
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter (commit). */
  onSubmit?: () => void;
  label: string;
}

export function CodeEditor({ filename, value, onChange, onSubmit, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const theme = useRef(new Compartment());
  const handlers = useRef({ onChange, onSubmit });
  handlers.current = { onChange, onSubmit };
  // Documents the editor reported through onChange and React has not handed back as `value` yet.
  const echoes = useRef<string[]>([]);

  useEffect(() => {
    const el = host.current!;
    // Keys typed in the editor are the editor's: the page's shortcuts (t, s, ?) see the shadow
    // host as the target, not a text field, so they must not hear them.
    const keep = (e: KeyboardEvent) => e.stopPropagation();
    el.addEventListener('keydown', keep);
    el.addEventListener('keypress', keep);
    const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.replaceChildren(mount);
    const v = new EditorView({
      root: shadow,
      parent: mount,
      state: EditorState.create({
        doc: value,
        extensions: [
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                handlers.current.onSubmit?.();
                return true;
              },
            },
          ]),
          basicSetup,
          syntaxHighlighting(classHighlighter),
          language.current.of([]),
          theme.current.of(isDark() ? darkTheme : lightTheme),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            const doc = u.state.doc.toString();
            echoes.current.push(doc);
            handlers.current.onChange(doc);
          }),
        ],
      }),
    });
    view.current = v;
    // The app's theme switch toggles the `dark` class on <html>.
    const observer = new MutationObserver(() => v.dispatch({ effects: theme.current.reconfigure(isDark() ? darkTheme : lightTheme) }));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      el.removeEventListener('keydown', keep);
      el.removeEventListener('keypress', keep);
      observer.disconnect();
      v.destroy();
      view.current = null;
    };
    // The document is the editor's own once created; later values come back from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a reset) replaces the document. A value the editor reported itself
  // comes back a render later, when keys typed meanwhile have moved the document on: that echo
  // must not replace it, or those keys are lost (seen on a loaded machine: one letter gone).
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const at = echoes.current.indexOf(value);
    if (at >= 0) {
      echoes.current.splice(0, at + 1);
      return;
    }
    echoes.current = [];
    if (v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    let live = true;
    const desc = LanguageDescription.matchFilename(languages, filename);
    if (!desc) {
      view.current?.dispatch({ effects: language.current.reconfigure([]) });
      return;
    }
    void desc.load().then(
      (support) => live && view.current?.dispatch({ effects: language.current.reconfigure(support) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [filename]);

  return <div ref={host} data-testid="code-editor" />;
}
