import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DiffViewer } from './diff-viewer';
import { LARGE_FILE_LINES } from './diff-file-block';

afterEach(cleanup);

// jsdom has no matchMedia; the viewer follows the app theme through it.
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;

const big = Array.from({ length: LARGE_FILE_LINES + 10 }, (_, i) => `+row ${i + 1}`).join('\n');
const diff = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -1,2 +1,2 @@
 keep
-old line
+new line
diff --git a/docs/big.txt b/docs/big.txt
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/docs/big.txt
@@ -0,0 +1,${LARGE_FILE_LINES + 10} @@
${big}
`;

describe('DiffViewer', () => {
  it('lists the files with anchors and counts, draws small files and holds large ones back', async () => {
    render(<DiffViewer diff={diff} style="unified" />);
    const list = screen.getByRole('list');
    expect(screen.getByText('2 changed files')).toBeInTheDocument();
    const link = within(list).getByRole('link', { name: 'src/a.ts' });
    const target = document.getElementById(link.getAttribute('href')!.slice(1));
    expect(target).not.toBeNull();
    expect(target).toHaveTextContent('new line');
    expect(within(list).getByText('+510')).toBeInTheDocument();

    expect(screen.queryByText('row 1')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load diff of docs/big.txt' }));
    expect(screen.getByText(`row ${LARGE_FILE_LINES + 10}`)).toBeInTheDocument();
  });

  it('draws side by side when asked', () => {
    const { container } = render(<DiffViewer diff={diff} style="split" />);
    expect(container.querySelector('.d2h-file-side-diff')).not.toBeNull();
  });

  it('says when there is nothing to show', () => {
    render(<DiffViewer diff="" style="unified" />);
    expect(screen.getByText('No changes')).toBeInTheDocument();
  });
});
