import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { CodeEditor } from './code-editor';

const viewOf = () => {
  const host = screen.getByTestId('code-editor');
  return EditorView.findFromDOM(host.shadowRoot!.querySelector('.cm-editor') as HTMLElement)!;
};
const type = (v: EditorView, text: string) => v.dispatch({ changes: { from: v.state.doc.length, insert: text } });

describe('CodeEditor', () => {
  it('keeps keys typed while its own earlier document comes back as the value, and takes a reset from outside', () => {
    const reported: string[] = [];
    const props = { filename: 'notes.txt', label: 'Contents', onChange: (d: string) => reported.push(d) };
    const { rerender } = render(<CodeEditor {...props} value="x" />);
    const v = viewOf();
    type(v, 'a');
    type(v, 'b');
    expect(reported).toEqual(['xa', 'xab']);
    // React hands back the first report after the second key was typed: an echo, not a reset.
    rerender(<CodeEditor {...props} value="xa" />);
    expect(v.state.doc.toString()).toBe('xab');
    rerender(<CodeEditor {...props} value="xab" />);
    expect(v.state.doc.toString()).toBe('xab');
    // A value the editor never reported replaces the document.
    rerender(<CodeEditor {...props} value="from outside" />);
    expect(v.state.doc.toString()).toBe('from outside');
  });
});
