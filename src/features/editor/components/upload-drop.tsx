// Choosing files to upload: drop them on the zone or pick them with the file dialog. Each file is
// listed with its size and can be removed before committing.
import { useId, useState, type DragEvent } from 'react';
import { formatBytes } from '@/lib/format';
import { Button } from '@/components/ui/button';

export function UploadDrop({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  const id = useId();
  const add = (list: FileList | null) => {
    if (!list?.length) return;
    const byName = new Map(files.map((f) => [f.name, f]));
    for (const f of Array.from(list)) byName.set(f.name, f);
    onChange([...byName.values()]);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  };
  return (
    <div>
      <div
        data-testid="upload-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`rounded-lg border-2 border-dashed p-8 text-center text-sm ${over ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950' : 'border-gray-300 dark:border-gray-700'}`}
      >
        <p className="font-medium">Drag files here to add them</p>
        <p className="mt-1 text-gray-600 dark:text-gray-400">
          or{' '}
          <label htmlFor={id} className="cursor-pointer font-medium text-indigo-600 underline dark:text-indigo-400">
            choose your files
          </label>
        </p>
        <input id={id} type="file" multiple className="sr-only" onChange={(e) => add(e.target.files)} />
      </div>
      {files.length > 0 && (
        <ul aria-label="Files to upload" className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {files.map((f) => (
            <li key={f.name} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="font-mono">{f.name}</span>
              <span className="text-gray-600 dark:text-gray-400">{formatBytes(f.size)}</span>
              <Button size="sm" variant="ghost" className="ml-auto" onClick={() => onChange(files.filter((x) => x !== f))} aria-label={`Remove ${f.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
