import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { documentTitle, useDocumentTitle } from './use-document-title';

function Page({ parts }: { parts: (string | undefined)[] }) {
  useDocumentTitle(...parts);
  return null;
}

describe('useDocumentTitle', () => {
  it('joins the parts that are set and ends with the site', () => {
    expect(documentTitle('Fix login (#12)', 'alice/tools')).toBe('Fix login (#12) · alice/tools · Forge');
    expect(documentTitle(undefined, 'alice/tools', false)).toBe('alice/tools · Forge');
  });

  it('sets the document title and follows it when it changes', () => {
    const { rerender } = render(<Page parts={['Issues', 'alice/tools']} />);
    expect(document.title).toBe('Issues · alice/tools · Forge');
    rerender(<Page parts={['Pull requests', 'alice/tools']} />);
    expect(document.title).toBe('Pull requests · alice/tools · Forge');
  });
});
