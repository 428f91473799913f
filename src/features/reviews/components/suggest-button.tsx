// The composer's "Suggest a change" toolbar button: inserts a ```suggestion block holding the
// commented lines, for the reviewer to change into what they should read.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import { suggestionBlock } from '../lib/suggestion';

export function SuggestButton(props: {
  text: string;
  setText: (t: string) => void;
  suggestLines: () => Promise<string>;
  setError: (e: string | null) => void;
}) {
  const { text, setText, suggestLines, setError } = props;
  const [busy, setBusy] = useState(false);
  const insert = async () => {
    setBusy(true);
    try {
      const block = suggestionBlock(await suggestLines());
      setText(text && !text.endsWith('\n') ? `${text}\n${block}` : `${text}${block}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="toolbar" aria-label="Comment tools" className="flex gap-2">
      <Button size="sm" variant="ghost" onClick={() => void insert()} disabled={busy} title="Insert a suggestion block with the commented lines">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" className="fill-current">
          <path d="M1 2.75C1 1.784 1.784 1 2.75 1h10.5c.966 0 1.75.784 1.75 1.75v7.5A1.75 1.75 0 0 1 13.25 12H9.06l-2.573 2.573A1.458 1.458 0 0 1 4 13.543V12H2.75A1.75 1.75 0 0 1 1 10.25Zm6.5 1.75v2h-2v1.5h2v2H9v-2h2V6.5H9v-2Z" />
        </svg>
        Suggest a change
      </Button>
    </div>
  );
}
