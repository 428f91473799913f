// Fields the new-issue and new-pull-request forms share: the description (the page's editor, or a
// plain textarea), a ticked list (labels), and the milestone select with open and closed groups.
import type { ReactNode } from 'react';
import { SelectField } from './field';

/** What a form hands the page's description editor. */
export interface BodyEditorProps {
  value: string;
  onChange: (v: string) => void;
  /** The form's submit, for Ctrl/Cmd+Enter in the editor. */
  onSubmit: () => void;
  error?: string;
  disabled?: boolean;
}

/** The description: the editor the page composes (e.g. Markdown with preview), or a plain textarea. */
export function BodyField({ render, ...p }: BodyEditorProps & { render?: (p: BodyEditorProps) => ReactNode }) {
  if (render) return render(p);
  return (
    <label className="block text-sm font-medium">
      Description
      <textarea className="mt-1 block w-full rounded-md border p-2" rows={8} value={p.value} onChange={(e) => p.onChange(e.target.value)} />
    </label>
  );
}

/** Items to tick by id (labels), in a scroll box, with the field's error under it. */
export function CheckListField<T extends { id: number; name: string }>({
  legend,
  empty,
  items,
  value,
  onChange,
  render,
  error,
}: {
  legend: string;
  /** Said when there is nothing to tick. */
  empty: string;
  items: T[];
  value: number[];
  onChange: (ids: number[]) => void;
  render: (item: T) => ReactNode;
  error?: string;
}) {
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{legend}</legend>
      {items.length === 0 && <p className="text-xs text-gray-500 dark:text-gray-400">{empty}</p>}
      <div className="max-h-56 space-y-1 overflow-auto">
        {items.map((item) => (
          <label key={item.id} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-indigo-600"
              checked={value.includes(item.id)}
              onChange={() => toggle(item.id)}
              aria-label={item.name}
            />
            {render(item)}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "No milestone", then the open milestones, then the closed ones (each group only when it has any). */
export function MilestoneSelect({
  milestones,
  value,
  onChange,
  error,
}: {
  milestones: { id: number; title: string; state?: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const groups = [
    { label: 'Open', items: milestones.filter((m) => m.state === 'open') },
    { label: 'Closed', items: milestones.filter((m) => m.state === 'closed') },
  ];
  return (
    <SelectField label="Milestone" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} error={error}>
      <option value="">No milestone</option>
      {groups.map(
        (g) =>
          g.items.length > 0 && (
            <optgroup key={g.label} label={g.label}>
              {g.items.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                </option>
              ))}
            </optgroup>
          ),
      )}
    </SelectField>
  );
}
