// A Markdown textarea with Write/Preview tabs. Features may not import each other, so the page
// that composes this editor passes `preview` (usually `(s) => <MarkdownView source={s} />`).
// With `onFiles`, files dropped or pasted onto the textarea go there instead of into the text.
import { useCallback, useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { inputClass } from '@/components/ui/field';
import type { MarkdownEditorBaseProps } from '@/lib/markdown-editor-props';
import { filesOf } from '../lib/attachment-files';
import { applyFormat, FORMAT_KEYS, type FormatKind } from '../lib/markdown-format';
import { MarkdownToolbar } from './markdown-toolbar';
import { useComposerSuggest } from './composer-suggest';

export interface MarkdownEditorProps extends MarkdownEditorBaseProps {
  id?: string;
  /** Files dropped or pasted onto the textarea. */
  onFiles?: (files: File[]) => void;
  /** Beside the hint under the textarea, e.g. an "Attach files" button. */
  toolbar?: ReactNode;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

const tabClass = (active: boolean) =>
  `rounded-t-md border px-3 py-1.5 text-sm -mb-px ${
    active
      ? 'border-gray-300 border-b-white bg-white font-medium text-gray-900 dark:border-gray-700 dark:border-b-gray-900 dark:bg-gray-900 dark:text-gray-100'
      : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'
  }`;

export function MarkdownEditor({
  value,
  onChange,
  onSubmit,
  label,
  hideLabel,
  placeholder,
  disabled,
  preview,
  error,
  rows = 6,
  autoFocus,
  id,
  onFiles,
  toolbar,
  textareaRef,
}: MarkdownEditorProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [dragging, setDragging] = useState(false);
  const inner = useRef<HTMLTextAreaElement | null>(null);
  // The caller's ref (if any) and ours point at the same textarea.
  const setRef = useCallback(
    (el: HTMLTextAreaElement | null) => {
      inner.current = el;
      if (typeof textareaRef === 'function') textareaRef(el);
      else if (textareaRef) (textareaRef as { current: HTMLTextAreaElement | null }).current = el;
    },
    [textareaRef],
  );
  const suggest = useComposerSuggest({ textarea: inner, value, onChange, disabled });
  const format = (kind: FormatKind) => {
    const el = inner.current;
    if (!el || disabled) return;
    const next = applyFormat({ value, start: el.selectionStart, end: el.selectionEnd }, kind);
    onChange(next.value);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  };
  const takesFiles = !!onFiles && !disabled;
  // Only drags that carry files are ours; dragged text still drops into the textarea as usual.
  const carriesFiles = (e: DragEvent) => takesFiles && Array.from(e.dataTransfer.types).includes('Files');

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggest.onKeyDown(e)) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && onSubmit && !disabled) {
      e.preventDefault();
      onSubmit();
      return;
    }
    const kind = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey ? FORMAT_KEYS[e.key.toLowerCase()] : undefined;
    if (kind) {
      e.preventDefault();
      format(kind);
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={fid} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-gray-800 dark:text-gray-200'}>
        {label}
      </label>
      <div className="flex flex-wrap items-end gap-x-2 border-b border-gray-300 dark:border-gray-700">
        <div role="tablist" aria-label={`${label} mode`} className="flex gap-1">
          <button
            type="button"
            role="tab"
            id={`${fid}-tab-write`}
            aria-selected={tab === 'write'}
            aria-controls={`${fid}-write`}
            className={tabClass(tab === 'write')}
            onClick={() => setTab('write')}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            id={`${fid}-tab-preview`}
            aria-selected={tab === 'preview'}
            aria-controls={`${fid}-preview`}
            className={tabClass(tab === 'preview')}
            onClick={() => setTab('preview')}
          >
            Preview
          </button>
        </div>
        {tab === 'write' && <MarkdownToolbar label={label} disabled={disabled} onFormat={format} />}
      </div>
      {/* The textarea stays mounted (only hidden) so its undo history and caret survive a preview. */}
      <div id={`${fid}-write`} role="tabpanel" aria-labelledby={`${fid}-tab-write`} hidden={tab !== 'write'} className="relative pt-2">
        <textarea
          ref={setRef}
          {...suggest.inputProps}
          id={fid}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyUp={suggest.inputProps.onSelect}
          onClick={suggest.inputProps.onSelect}
          onKeyDown={onKeyDown}
          onDragOver={(e) => {
            if (!carriesFiles(e)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            setDragging(false);
            const files = takesFiles ? filesOf(e.dataTransfer) : [];
            if (!files.length) return;
            e.preventDefault();
            onFiles!(files);
          }}
          onPaste={(e) => {
            const files = takesFiles ? filesOf(e.clipboardData) : [];
            if (!files.length) return;
            e.preventDefault();
            onFiles!(files);
          }}
          placeholder={placeholder}
          disabled={disabled}
          rows={rows}
          autoFocus={autoFocus}
          aria-invalid={!!error}
          aria-describedby={error ? `${fid}-error` : `${fid}-hint`}
          className={`${inputClass} min-h-24 resize-y font-mono ${dragging ? 'ring-2 ring-indigo-400' : ''}`}
        />
        {suggest.list}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p id={`${fid}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
            Markdown is supported. {onFiles ? 'Drop or paste files to attach them. ' : ''}
            {onSubmit ? 'Ctrl+Enter to submit.' : ''}
          </p>
          {toolbar}
        </div>
      </div>
      {tab === 'preview' && (
        <div
          id={`${fid}-preview`}
          role="tabpanel"
          aria-labelledby={`${fid}-tab-preview`}
          className="min-h-24 rounded-md border border-gray-200 px-3 py-2 dark:border-gray-800"
        >
          {value.trim() === '' ? (
            <p className="text-sm text-gray-500 dark:text-gray-400">Nothing to preview</p>
          ) : preview ? (
            preview(value)
          ) : (
            <pre className="text-sm whitespace-pre-wrap">{value}</pre>
          )}
        </div>
      )}
      {error && (
        <p id={`${fid}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
