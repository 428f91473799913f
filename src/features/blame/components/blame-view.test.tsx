import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { BlameResponse } from '../api/blame-queries';
import { BlameView } from './blame-view';

afterEach(cleanup);

const A = { sha: 'a'.repeat(40), message: 'write the poem', author: { name: 'Alice', email: 'a@x' }, date: '2024-01-01T00:00:00Z' };
const B = { sha: 'b'.repeat(40), message: 'rework the middle', author: { name: 'Bob', email: 'b@x' }, date: '2024-02-01T00:00:00Z' };

function show(blame: BlameResponse, highlighted?: string[]) {
  const router = createMemoryRouter(
    [{ path: '*', element: <BlameView blame={blame} highlighted={highlighted} commitHref={(sha) => `/o/r/commit/${sha}`} /> }],
    { initialEntries: ['/o/r/blame/branch/main/poem.txt'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('BlameView', () => {
  it('shows each commit once, at the top of its range, linking to the commit', () => {
    show({
      commit_sha: B.sha,
      path: 'poem.txt',
      source: ['line 1', 'LINE 2', 'LINE 2b', 'line 3'],
      ranges: [
        { commit: A, start: 1, lines: 1 },
        { commit: B, start: 2, lines: 2 },
        { commit: A, start: 4, lines: 1 },
      ],
    });
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('link', { name: 'write the poem' })).toHaveAttribute('href', `/o/r/commit/${A.sha}`);
    expect(within(rows[1]!).getByRole('link', { name: 'rework the middle' })).toBeInTheDocument();
    // The second line of B's range has no commit link of its own.
    expect(within(rows[2]!).queryByRole('link', { name: 'rework the middle' })).toBeNull();
    expect(rows[2]).toHaveTextContent('LINE 2b');
    expect(within(rows[3]!).getByRole('link', { name: 'write the poem' })).toBeInTheDocument();
    expect(screen.getByText('4 lines · 2 commits')).toBeInTheDocument();
  });

  it('draws only the rows in view of a 5,000-line file', () => {
    const source = Array.from({ length: 5000 }, (_, i) => `const line${i + 1} = ${i + 1};`);
    show(
      {
        commit_sha: B.sha,
        path: 'big.ts',
        source,
        ranges: [
          { commit: A, start: 1, lines: 2 },
          { commit: B, start: 3, lines: 4998 },
        ],
      },
      source.map((l) => `<span class="hljs-keyword">const</span>${l.slice(5)}`),
    );
    const rows = screen.getAllByRole('row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(200);
    expect(screen.getByRole('table', { name: 'Blame' })).toHaveAttribute('aria-rowcount', '5000');
    expect(rows[0]!.querySelector('.hljs-keyword')).not.toBeNull();
    expect(screen.getByText('5000 lines · 2 commits')).toBeInTheDocument();
  });
});
