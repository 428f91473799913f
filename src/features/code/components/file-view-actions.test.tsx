// The file header's Blame and Copy permalink actions.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ContentsResponse } from '../api/contents-queries';
import { b64, fakeFile } from '../test-fixtures';
import { FileView } from './file-view';

afterEach(cleanup);

const file = (name: string, content: string) => fakeFile(name, b64(content), { last_commit_sha: 'c'.repeat(40), size: content.length });

function show(f: ContentsResponse, url: string) {
  const permalink = `http://forge.test/o/r/src/commit/${'c'.repeat(40)}/${f.path}`;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <FileView
            file={f}
            rawHref="http://api.test/raw"
            historyHref="/o/r/commits/branch/main/src/x"
            blameHref={`/o/r/blame/branch/main/${f.path}`}
            permalink={permalink}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

describe('FileView actions', () => {
  it('links to the blame of the file and copies a permalink pinned to the commit, with the selected lines', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    show(file('a.ts', 'one\ntwo\nthree\n'), '/o/r/src/branch/main/src/a.ts#L2-L3');
    expect(screen.getByRole('link', { name: 'Blame' })).toHaveAttribute('href', '/o/r/blame/branch/main/src/a.ts');
    await user.click(screen.getByRole('button', { name: 'Copy permalink' }));
    expect(writeText).toHaveBeenCalledWith(`http://forge.test/o/r/src/commit/${'c'.repeat(40)}/src/a.ts#L2-L3`);
  });

  it('offers no blame for a binary file', () => {
    show(file('b.bin', 'a\0b'), '/o/r/src/branch/main/src/b.bin');
    expect(screen.queryByRole('link', { name: 'Blame' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy permalink' })).toBeInTheDocument();
  });
});
