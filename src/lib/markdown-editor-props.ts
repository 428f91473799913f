// What every Markdown editor in the app accepts. Comments' MarkdownEditor implements it and the
// reviews feature receives such an editor from its route; features do not import each other, so
// the shared contract lives here.
import type { ReactNode } from 'react';

export interface MarkdownEditorBaseProps {
  value: string;
  onChange: (value: string) => void;
  /** Called on Ctrl/Cmd+Enter (the same action as the form's main button). */
  onSubmit?: () => void;
  label: string;
  /** Visually hide the label (it stays the textarea's accessible name). */
  hideLabel?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Renders the Markdown for the Preview tab; without it the tab shows the raw text. */
  preview?: (source: string) => ReactNode;
  error?: string | null;
  rows?: number;
  autoFocus?: boolean;
}
