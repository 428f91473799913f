// Features do not import each other, so review components get the app's Markdown editor and
// renderer from the route that composes them (comments' MarkdownEditor and markdown's MarkdownView).
import type { ComponentType, ReactNode } from 'react';

export interface ReviewEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  disabled?: boolean;
  preview?: (source: string) => ReactNode;
  error?: string | null;
  rows?: number;
  autoFocus?: boolean;
}

export type ReviewEditor = ComponentType<ReviewEditorProps>;
export type RenderMarkdown = (source: string) => ReactNode;
