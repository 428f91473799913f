// New and edit release form: the tag (an existing one from the list, or a new name with the
// branch it is made from), title, notes (the page passes a Markdown editor with Write/Preview),
// files to attach (dropped or chosen, uploaded with progress after the release is saved), draft
// and pre-release. Errors show beside their field; what was typed stays after a failure.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { errorMessage, isApiError } from '@/lib/api/api-error';
import type { MarkdownEditorBaseProps } from '@/lib/markdown-editor-props';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useAttachmentLimits } from '@/lib/api/attachment-settings';
import { useCreateRelease, useDeleteAsset, useDeleteRelease, useEditRelease, type Release } from '../api/release-queries';
import { uploadReleaseAsset } from '../api/upload-asset';
import { AssetDrop, queueFiles, type QueuedAsset } from './asset-drop';
import { formatSize } from './release-card';

interface Props {
  owner: string;
  repo: string;
  tags: string[];
  branches: string[];
  defaultBranch: string;
  /** The release being edited; none for a new one. */
  release?: Release;
  initialTag?: string;
  notesEditor: (props: MarkdownEditorBaseProps) => ReactNode;
}

type FieldErrors = { tag?: string; target?: string; title?: string; general?: unknown };

/** Which field a refusal of the server is about. */
function errorsFrom(e: unknown): FieldErrors {
  const msg = errorMessage(e);
  if (isApiError(e) && (e.status === 409 || /tag_name|tag name/i.test(msg))) return { tag: msg };
  if (isApiError(e) && e.status === 404 && /target/i.test(msg)) return { target: msg };
  return { general: e };
}

export function ReleaseForm({ owner, repo, tags, branches, defaultBranch, release, initialTag, notesEditor }: Props) {
  const navigate = useNavigate();
  const [tag, setTag] = useState(release?.tag_name ?? initialTag ?? '');
  const [target, setTarget] = useState(release?.target_commitish || defaultBranch);
  const [title, setTitle] = useState(release?.name ?? '');
  const [notes, setNotes] = useState(release?.body ?? '');
  const [draft, setDraft] = useState(release?.draft ?? false);
  const [prerelease, setPrerelease] = useState(release?.prerelease ?? false);
  const [queued, setQueued] = useState<QueuedAsset[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<Release | undefined>(release);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreateRelease(owner, repo);
  const edit = useEditRelease(owner, repo);
  const remove = useDeleteRelease(owner, repo);
  const removeAsset = useDeleteAsset(owner, repo);
  const existingTag = tags.includes(tag.trim());
  const limits = useAttachmentLimits();

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    const name = tag.trim();
    if (!name) return setErrors({ tag: 'A tag name is required.' });
    setErrors({});
    setBusy(true);
    try {
      let r: Release;
      try {
        const body = { tag_name: name, target_commitish: existingTag ? undefined : target, name: title, body: notes, draft, prerelease };
        r = saved ? await edit.mutateAsync({ id: saved.id, body }) : await create.mutateAsync(body);
        setSaved(r);
      } catch (err) {
        setErrors(errorsFrom(err));
        return;
      }
      // Files upload one after the other once the release exists; a failed one stays listed with its error.
      let failed = false;
      for (const q of queued) {
        const patch = (change: Partial<QueuedAsset>) => setQueued((list) => list.map((i) => (i.key === q.key ? { ...i, ...change } : i)));
        patch({ progress: 0, error: undefined });
        try {
          await uploadReleaseAsset(owner, repo, r.id, q.file, (progress) => patch({ progress }));
          setQueued((list) => list.filter((i) => i.key !== q.key));
        } catch (err) {
          failed = true;
          patch({ progress: undefined, error: errorMessage(err) });
        }
      }
      if (!failed) navigate(paths.release.href(owner, repo, r.tag_name));
    } finally {
      setBusy(false);
    }
  };

  const submitLabel = busy ? 'Saving…' : draft ? 'Save draft' : saved && !saved.draft ? 'Update release' : 'Publish release';
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField
        label="Tag"
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        list="release-tags"
        required
        autoComplete="off"
        error={errors.tag}
        hint={
          tag.trim()
            ? existingTag
              ? 'An existing tag: the release uses it as it is.'
              : 'A new tag: it is created from the target when the release is published.'
            : 'Choose an existing tag or type a new one.'
        }
      />
      <datalist id="release-tags">
        {tags.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {!existingTag && (
        <SelectField label="Target branch" value={target} onChange={(e) => setTarget(e.target.value)} error={errors.target}>
          {[...new Set([target, ...branches])].filter(Boolean).map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
      )}
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      {notesEditor({ value: notes, onChange: setNotes, onSubmit: () => void submit(), label: 'Release notes', rows: 10 })}
      {saved && saved.assets.length > 0 && (
        <section aria-label="Attached files" className="space-y-1 text-sm">
          <h2 className="font-medium">Attached files</h2>
          <ul className="space-y-1">
            {saved.assets.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="break-all">{a.name}</span>
                <span className="flex items-center gap-2 text-xs text-gray-600 dark:text-gray-400">
                  {formatSize(a.size)}
                  <button
                    type="button"
                    className="text-red-700 hover:underline dark:text-red-400"
                    aria-label={`Delete ${a.name}`}
                    onClick={() =>
                      removeAsset.mutate(
                        { id: saved.id, assetId: a.id },
                        { onSuccess: () => setSaved({ ...saved, assets: saved.assets.filter((x) => x.id !== a.id) }) },
                      )
                    }
                  >
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <ErrorNotice error={removeAsset.error} />
        </section>
      )}
      {limits.enabled && (
        <div>
          <h2 className="mb-1 text-sm font-medium">Files to attach</h2>
          <AssetDrop
            queued={queued}
            disabled={busy}
            maxBytes={limits.maxBytes}
            onAdd={(files) => setQueued((list) => [...list, ...queueFiles(files)])}
            onRemove={(key) => setQueued((list) => list.filter((q) => q.key !== key))}
          />
        </div>
      )}
      <div className="space-y-2">
        <Checkbox
          label="This is a pre-release"
          hint="Shown as not ready for production; never the latest release."
          checked={prerelease}
          onChange={(e) => setPrerelease(e.target.checked)}
        />
        <Checkbox
          label="Save as draft"
          hint="Only people who may write releases see drafts; the tag is created when it is published."
          checked={draft}
          onChange={(e) => setDraft(e.target.checked)}
        />
      </div>
      <ErrorNotice error={errors.general} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
        {saved && (
          <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
            Delete release
          </Button>
        )}
      </div>
      {saved && (
        <ConfirmDialog
          open={confirmDelete}
          title="Delete this release?"
          confirmLabel="Delete release"
          pendingLabel="Deleting…"
          danger
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => remove.mutate(saved.id, { onSuccess: () => navigate(paths.releases.href(owner, repo)) })}
        >
          The release {saved.name || saved.tag_name} and its files are deleted. The tag {saved.tag_name} stays.
        </ConfirmDialog>
      )}
    </form>
  );
}
