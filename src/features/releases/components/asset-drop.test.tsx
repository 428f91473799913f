import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AssetDrop, queueFiles, type QueuedAsset } from './asset-drop';

const MiB = 1024 * 1024;
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

function Harness({ maxBytes }: { maxBytes: number | null }) {
  const [queued, setQueued] = useState<QueuedAsset[]>([]);
  return (
    <AssetDrop
      queued={queued}
      maxBytes={maxBytes}
      onAdd={(files) => setQueued((list) => [...list, ...queueFiles(files)])}
      onRemove={(key) => setQueued((list) => list.filter((q) => q.key !== key))}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('AssetDrop with the server size limit', () => {
  it('shows the limit and refuses each file over it beside the zone, queueing the others', async () => {
    const errors = vi.spyOn(console, 'error');
    render(<Harness maxBytes={MiB} />);
    expect(screen.getByText('Up to 1.0 MiB per file')).toBeInTheDocument();
    const input = screen.getByLabelText('choose files to attach');
    const user = userEvent.setup();
    // The same too-large file picked twice: two reasons, both shown.
    await user.upload(input, [file('big.iso', 2 * MiB), file('big.iso', 2 * MiB), file('notes.txt', 10)]);
    const alert = screen.getByRole('alert');
    expect(alert.querySelectorAll('p')).toHaveLength(2);
    expect(alert).toHaveTextContent('big.iso is 2.0 MiB; files can be at most 1.0 MiB.');
    expect(screen.getByRole('list', { name: 'Files to upload' })).toHaveTextContent('notes.txt');
    expect(screen.getByRole('list', { name: 'Files to upload' })).not.toHaveTextContent('big.iso');
    expect(errors).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dismiss refused files' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes any file when the server does not tell its limit', async () => {
    render(<Harness maxBytes={null} />);
    expect(screen.queryByText(/per file/)).not.toBeInTheDocument();
    await userEvent.setup().upload(screen.getByLabelText('choose files to attach'), file('big.iso', 2 * MiB));
    expect(screen.getByRole('list', { name: 'Files to upload' })).toHaveTextContent('big.iso');
  });
});
