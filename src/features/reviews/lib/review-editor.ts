// Features do not import each other, so review components get the app's Markdown editor and
// renderer from the route that composes them (comments' MarkdownEditor and markdown's MarkdownView).
import type { ComponentType, ReactNode } from 'react';
import type { MarkdownEditorBaseProps } from '@/lib/markdown-editor-props';

export type ReviewEditorProps = MarkdownEditorBaseProps;

export type ReviewEditor = ComponentType<ReviewEditorProps>;
export type RenderMarkdown = (source: string) => ReactNode;
