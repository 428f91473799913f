// Create or edit a label: name, description, colour (picker, hex field, presets) and the
// exclusive flag. Checks the colour before it reaches the server.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField, inputClass } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { errorMessage, isApiError } from '@/lib/api/api-error';
import { normalizeHex } from '@/lib/label-color';
import type { Label } from '../api/label-queries';
import { fieldSentence, labelNameProblem } from '@/lib/name-rules';

export interface LabelFormValue {
  name: string;
  description: string;
  /** 6-digit hex with '#', as the API takes it. */
  color: string;
  exclusive: boolean;
}

export const PRESET_COLORS = ['e11d48', 'ea580c', 'fbca04', '16a34a', '0e8a16', '0075ca', '1d76db', '7c3aed', 'd876e3', '6b7280', 'ededed', '000000'];

export interface LabelFormProps {
  initial?: Label;
  submitLabel: string;
  pending?: boolean;
  error?: unknown;
  onSubmit: (v: LabelFormValue) => void;
  onCancel?: () => void;
  /** Renders the live preview chip (composed by the route). */
  preview?: (label: { name: string; color: string; description: string; exclusive: boolean }) => ReactNode;
}

export function LabelForm({ initial, submitLabel, pending, error, onSubmit, onCancel, preview }: LabelFormProps) {
  const colorId = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [hex, setHex] = useState(`#${initial?.color ?? PRESET_COLORS[Math.floor(Math.random() * PRESET_COLORS.length)]}`);
  const [exclusive, setExclusive] = useState(initial?.exclusive ?? false);
  const [touched, setTouched] = useState(false);
  const color = normalizeHex(hex);
  const colorError = touched && !color ? 'Enter a colour as #rrggbb, e.g. #1d76db' : null;
  const nameError = touched ? labelNameProblem(name) : null;
  // The server answers "name: …" or "color: …" on 422; show it by its field.
  const serverMsg = isApiError(error) && error.status === 422 ? error.message : null;
  const serverField = serverMsg ? /^\s*\[?(name|color|description)\]?\s*:/i.exec(serverMsg)?.[1]?.toLowerCase() : undefined;
  const fieldMsg = serverField ? fieldSentence(serverMsg!) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!color || labelNameProblem(name)) return;
    onSubmit({ name: name.trim(), description: description.trim(), color: `#${color}`, exclusive });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {preview && (
        <div className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          <span>Preview</span>
          {preview({ name: name.trim() || 'Label name', color: color ?? '999999', description, exclusive })}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={50}
          required
          error={nameError ?? (serverField === 'name' ? fieldMsg : null)}
          hint="Use scope/name with Exclusive for labels where only one per scope applies."
        />
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={200}
          error={serverField === 'description' ? fieldMsg : null}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={colorId} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          Colour
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="color"
            aria-label="Colour picker"
            value={`#${color ?? '999999'}`}
            onChange={(e) => setHex(e.target.value)}
            className="h-9 w-11 cursor-pointer rounded border border-gray-300 bg-white p-0.5 dark:border-gray-700 dark:bg-gray-900"
          />
          <input
            id={colorId}
            className={`${inputClass} w-28 font-mono`}
            value={hex}
            onChange={(e) => setHex(e.target.value)}
            onBlur={() => setTouched(true)}
            spellCheck={false}
            aria-invalid={!!colorError || serverField === 'color'}
            aria-describedby={colorError || serverField === 'color' ? `${colorId}-error` : undefined}
          />
          <div className="flex flex-wrap gap-1" role="group" aria-label="Preset colours">
            {PRESET_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                aria-label={`#${c}`}
                aria-pressed={color === c}
                onClick={() => setHex(`#${c}`)}
                className="h-6 w-6 rounded border border-black/10 aria-pressed:ring-2 aria-pressed:ring-indigo-500 aria-pressed:ring-offset-1 dark:border-white/20 dark:ring-offset-gray-900"
                style={{ backgroundColor: `#${c}` }}
              />
            ))}
          </div>
        </div>
        {(colorError || serverField === 'color') && (
          <p id={`${colorId}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {colorError ?? fieldMsg}
          </p>
        )}
      </div>
      <Checkbox
        label="Exclusive"
        hint="Only one label of the same scope (the part before the last '/') can be set on an issue."
        checked={exclusive}
        onChange={(e) => setExclusive(e.target.checked)}
      />
      {error && !serverField ? <ErrorNotice error={errorMessage(error)} /> : null}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
