// A comment (or an issue's body): author, time, "edited", the rendered Markdown, attachments, and
// for those allowed an Edit/Delete menu. Saving and deleting are the caller's (the page's) mutations.
// While editing, files attach at once (the issue or comment exists), and uploaded images are put into
// the draft at the caret as ![name](url), so they show where the writer wanted them.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { components } from '@/lib/api/schema';
import { MarkdownEditor } from './markdown-editor';
import { CommentMenu, type MenuAction } from './comment-menu';
import { AttachmentLinks } from './attachment-links';
import { AttachFilesButton } from './attach-files-button';
import { UNKNOWN_LIMITS, acceptOf, limitHint, type AttachmentLimits } from '@/lib/api/attachment-settings';
import { UploadList } from './upload-list';
import { useUploadQueue, type UploadItem } from '../lib/use-upload-queue';
import { imageMarkdown, insertOnOwnLine, isImageName } from '../lib/attachment-files';

type User = components['schemas']['User'];
type Attachment = components['schemas']['Attachment'];

export interface CommentCardProps {
  /** The element id links point at, e.g. issuecomment-12. */
  anchorId?: string;
  user: User | null;
  /** Gitea's name for comments migrated from elsewhere, shown when there is no user. */
  originalAuthor?: string;
  createdAt: string;
  updatedAt: string;
  body: string;
  assets?: Attachment[];
  /** e.g. "Author" or "Owner", shown beside the name. */
  badge?: string;
  canEdit: boolean;
  canDelete: boolean;
  onSave: (body: string) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
  /** With `onTaskToggle` (only for those who may edit), task-list checkboxes tick and hand back the new text. */
  renderMarkdown: (source: string, onTaskToggle?: (nextSource: string) => void) => ReactNode;
  highlighted?: boolean;
  /** What this card is, for labels: "comment" or "issue description". */
  noun?: string;
  /** Issues bump updated_at on any change (labels, state), so their body cannot tell an edit. */
  showEdited?: boolean;
  /** Uploads a file to this issue or comment; offered while editing. */
  onUploadAttachment?: (file: File) => Promise<Attachment>;
  /** The server's rules for attachments (GET /settings/attachment); absent when unknown. */
  attachmentLimits?: AttachmentLimits;
  /** Deletes one of `assets`; pass it only to those allowed (the poster and writers). */
  onDeleteAttachment?: (attachment: Attachment) => Promise<unknown>;
  /** Drawn under the text and attachments: the page's reactions bar. */
  footer?: ReactNode;
}

// Servers set updated_at a moment after created_at on insert; only a real gap means an edit.
const wasEdited = (created: string, updated: string) => Date.parse(updated) - Date.parse(created) > 2000;

export function CommentCard(props: CommentCardProps) {
  const {
    anchorId,
    user,
    originalAuthor,
    createdAt,
    updatedAt,
    body,
    assets = [],
    badge,
    canEdit,
    canDelete,
    onSave,
    onDelete,
    renderMarkdown,
    highlighted,
    noun = 'comment',
    showEdited = true,
    onUploadAttachment,
    onDeleteAttachment,
    attachmentLimits = UNKNOWN_LIMITS,
    footer,
  } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(body);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const uploads = useUploadQueue(attachmentLimits);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The same element while the body is unchanged, so React skips the Markdown subtree (parsing,
  // sanitizing, highlighting) when the card re-renders for anything else: menu, dialog, permissions.
  // Ticking a task saves the whole body with that one box changed (Gitea's task lists do the same).
  const saveRef = useRef(onSave);
  useEffect(() => {
    saveRef.current = onSave;
  });
  const toggleTask = useCallback((next: string) => {
    saveRef.current(next).catch((e: unknown) => toast.error(`The task could not be saved: ${errorMessage(e)}`));
  }, []);
  const rendered = useMemo(() => (body.trim() ? renderMarkdown(body, canEdit ? toggleTask : undefined) : null), [body, renderMarkdown, canEdit, toggleTask]);

  const login = user?.login ?? (originalAuthor || 'Ghost');
  const actions: MenuAction[] = [];
  if (canEdit) actions.push({ label: 'Edit', onSelect: () => (setDraft(body), setSaveError(null), setEditing(true)) });
  if (canDelete && onDelete) actions.push({ label: 'Delete', danger: true, onSelect: () => (setDeleteError(null), setConfirming(true)) });

  const save = async () => {
    if (!draft.trim() && noun === 'comment') {
      setSaveError('A comment cannot be empty.');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(draft);
      setEditing(false);
    } catch (e) {
      setSaveError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const upload = async (item: UploadItem) => {
    if (!onUploadAttachment) return;
    const a = await uploads.upload(item, onUploadAttachment);
    if (a && isImageName(a.name)) {
      // The caret as it is when the upload lands: the writer may have moved on meanwhile.
      const at = textarea.current?.selectionStart ?? Number.MAX_SAFE_INTEGER;
      setDraft((d) => insertOnOwnLine(d, at, imageMarkdown(a.name, a.browser_download_url)));
    }
  };
  const attach = onUploadAttachment ? (files: File[]) => uploads.add(files).forEach((item) => void upload(item)) : undefined;

  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete?.();
      setConfirming(false);
    } catch (e) {
      setDeleteError(e);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article
      id={anchorId}
      aria-label={`${noun === 'comment' ? 'Comment' : 'Description'} by ${login}`}
      className={`flex min-w-0 gap-3 ${highlighted ? 'rounded-lg ring-2 ring-indigo-400 ring-offset-2 ring-offset-white dark:ring-offset-gray-950' : ''}`}
    >
      <div className="hidden shrink-0 sm:block">
        <Avatar src={user?.avatar_url} name={login} size={36} />
      </div>
      <div className="min-w-0 flex-1 rounded-lg border border-gray-200 dark:border-gray-800">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-t-lg border-b border-gray-200 bg-gray-50 px-3 py-2 text-sm dark:border-gray-800 dark:bg-gray-900">
          <span className="sm:hidden">
            <Avatar src={user?.avatar_url} name={login} size={20} />
          </span>
          {user ? (
            <Link to={paths.user.href(user.login)} className="font-semibold text-gray-900 hover:underline dark:text-gray-100">
              {login}
            </Link>
          ) : (
            <span className="font-semibold">{login}</span>
          )}
          <span className="text-gray-500 dark:text-gray-400">
            {/* The body is the opening post: Gitea and GitHub say who opened it, not who commented. */}
            {noun === 'comment' ? 'commented' : 'opened'}{' '}
            {anchorId ? (
              <a href={`#${anchorId}`} className="hover:underline">
                <RelativeTime date={createdAt} />
              </a>
            ) : (
              <RelativeTime date={createdAt} />
            )}
          </span>
          {showEdited && wasEdited(createdAt, updatedAt) && (
            <span className="text-gray-500 dark:text-gray-400" title={`Edited ${new Date(updatedAt).toLocaleString()}`}>
              · edited
            </span>
          )}
          <span className="ml-auto flex items-center gap-2">
            {badge && <span className="rounded-full border border-gray-300 px-2 text-xs text-gray-600 dark:border-gray-700 dark:text-gray-300">{badge}</span>}
            <CommentMenu label={`Actions for ${noun} by ${login}`} actions={editing ? [] : actions} />
          </span>
        </header>
        <div className="px-3 py-3">
          {editing ? (
            <div className="space-y-2">
              <MarkdownEditor
                label={`Edit ${noun}`}
                hideLabel
                value={draft}
                onChange={setDraft}
                onSubmit={save}
                disabled={saving}
                preview={renderMarkdown}
                error={saveError}
                autoFocus
                textareaRef={textarea}
                onFiles={attach}
                toolbar={
                  attach && (
                    <AttachFilesButton
                      onFiles={attach}
                      disabled={saving}
                      hint={limitHint(attachmentLimits.maxBytes)}
                      accept={acceptOf(attachmentLimits.allowedTypes)}
                    />
                  )
                }
              />
              <UploadList
                items={uploads.items}
                label={`Files uploading to this ${noun}`}
                onRetry={(i) => void upload(i)}
                onRemove={(i) => uploads.remove(i.key)}
              />
              <div className="flex justify-end gap-2">
                <Button onClick={() => setEditing(false)} disabled={saving}>
                  Cancel
                </Button>
                <Button variant="primary" onClick={save} disabled={saving}>
                  {saving ? 'Saving…' : 'Save'}
                </Button>
              </div>
            </div>
          ) : body.trim() ? (
            rendered
          ) : (
            <p className="text-sm text-gray-500 italic dark:text-gray-400">No description provided.</p>
          )}
          {assets.length > 0 && (
            <div className="mt-3 border-t border-gray-100 pt-2 dark:border-gray-800">
              <AttachmentLinks assets={assets} label={`Attachments of ${noun} by ${login}`} onDelete={onDeleteAttachment} />
            </div>
          )}
          {footer}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete comment?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        danger
        pending={deleting}
        error={deleteError}
        onConfirm={remove}
      >
        This comment will be removed for everyone. This cannot be undone.
      </ConfirmDialog>
    </article>
  );
}
