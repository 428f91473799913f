import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '@/test/render-route';
import { parseIssueListView } from '../lib/issue-list-params';
import { IssueFilters } from './issue-filters';

/** The filter buttons' own row: what sits beside the state tabs in the toolbar. */
const buttonRow = () => document.querySelector('details')!.parentElement!;

describe('issue filters toolbar', () => {
  it('keeps the buttons in one row whether or not a filter is active; active filters get their own line', () => {
    const url = '/?labels=bug&poster=bob';
    renderRoute(() => <IssueFilters view={parseIssueListView(new URLSearchParams('labels=bug&poster=bob'))} labels={[]} />, { url });
    const clear = screen.getByRole('link', { name: 'Clear filters' });
    expect(buttonRow()).not.toContainElement(clear);
    expect(clear.parentElement).toHaveClass('w-full');
    expect(buttonRow().parentElement).toContainElement(clear.parentElement);
  });
});
