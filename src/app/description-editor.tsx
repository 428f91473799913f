// The description editor of the new-issue and new-pull-request pages: the comments feature's
// Markdown editor with a preview that links #N and @user within this repository.
import { MarkdownEditor } from '@/features/comments/components/markdown-editor';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import type { BodyEditorProps } from '@/components/ui/issue-form-fields';

export interface DescriptionEditorProps extends BodyEditorProps {
  owner: string;
  repo: string;
  /** Private (or internal): images from this forge load through the API client with the session. */
  privateRepo: boolean;
  placeholder: string;
}

export function DescriptionEditor({ owner, repo, privateRepo, placeholder, ...p }: DescriptionEditorProps) {
  return (
    <MarkdownEditor
      label="Description"
      placeholder={placeholder}
      rows={10}
      value={p.value}
      onChange={p.onChange}
      onSubmit={p.onSubmit}
      error={p.error}
      disabled={p.disabled}
      preview={(source) =>
        source.trim() ? (
          <MarkdownView source={source} references={{ owner, repo }} privateRepo={privateRepo} />
        ) : (
          <p className="text-sm text-gray-500">Nothing to preview.</p>
        )
      }
    />
  );
}
