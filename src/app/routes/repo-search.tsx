// Code search: /{owner}/{repo}/search?q=…&ref=…&regex=1&case=1&path=…&page=… (this forge's
// extension; on a server without it the page says so). Everything the form holds is in the URL.
import { useEffect, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { RouteError } from '../layout/route-error';
import { paths, type RefKind } from '@/lib/paths';
import { pageParam } from '@/lib/search-params';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { RefSwitcher } from '@/features/code/components/ref-switcher';
import { CODE_SEARCH_LIMIT, codeSearchQueries } from '@/features/code-search/api/code-search-queries';
import { SearchResults } from '@/features/code-search/components/search-results';
import { useDocumentTitle } from '@/lib/use-document-title';

const on = (v: string | null) => v === '1' || v === 'true';

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const regex = on(params.get('regex'));
  const caseSensitive = on(params.get('case'));
  const path = params.get('path') ?? '';
  const page = pageParam(params);
  const repository = useQuery(repoQueries.detail(owner, repo));
  const ref = params.get('ref') || repository.data?.default_branch || '';
  const branches = useQuery(branchQueries.list(owner, repo, 1, 50));
  const tags = useQuery(branchQueries.tags(owner, repo, 1, 50));
  const supported = useQuery(codeSearchQueries.supported(owner, repo));
  const results = useQuery({
    ...codeSearchQueries.search(owner, repo, { q, ref: params.get('ref') ?? undefined, regex, caseSensitive, path, page }),
    enabled: !!q && supported.data === true,
  });
  const [text, setText] = useState(q);
  const [pathText, setPathText] = useState(path);
  useEffect(() => setText(q), [q]);
  useEffect(() => setPathText(path), [path]);
  // The toggles follow a click at once, while the URL's navigation (and its loaders) catch up.
  const [regexBox, setRegexBox] = useState(regex);
  const [caseBox, setCaseBox] = useState(caseSensitive);
  useEffect(() => setRegexBox(regex), [regex]);
  useEffect(() => setCaseBox(caseSensitive), [caseSensitive]);
  useDocumentTitle(q ? `“${q}” · Code search · ${owner}/${repo}` : `Code search · ${owner}/${repo}`);

  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete('page');
    setParams(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.trim() || null, path: pathText.trim() || null });
  };
  const branchNames = branches.data?.branches.map((b) => b.name) ?? [];
  const tagNames = tags.data?.tags.map((t) => t.name) ?? [];
  const kind: RefKind = /^[0-9a-f]{40}$/.test(ref) ? 'commit' : !branchNames.includes(ref) && tagNames.includes(ref) ? 'tag' : 'branch';
  const searchHref = (name: string) =>
    paths.codeSearch.href(
      owner,
      repo,
      Object.fromEntries([...new URLSearchParams({ ...Object.fromEntries(params), ref: name })].filter(([k]) => k !== 'page')),
    );

  if (supported.data === false) {
    return (
      <EmptyState title="Code search is not available">
        This server does not offer code search: it is an extension of this forge, and servers such as Gitea do not have it. Browse the files in the Code tab
        instead.
      </EmptyState>
    );
  }
  const r = results.data?.result;
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Search code</h1>
      <form role="search" onSubmit={submit} className="space-y-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-64">
            <TextField label="Search for" type="search" value={text} onChange={(e) => setText(e.target.value)} error={results.error ? null : undefined} />
          </div>
          <div className="basis-48">
            <TextField label="In paths" hint="e.g. src/ or *.ts" value={pathText} onChange={(e) => setPathText(e.target.value)} />
          </div>
          <Button type="submit" variant="primary">
            Search
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <RefSwitcher
            kind={kind}
            current={ref}
            branches={branchNames.length ? branchNames : [ref]}
            tags={tagNames}
            defaultBranch={repository.data?.default_branch ?? ref}
            hrefFor={(_, name) => searchHref(name)}
          />
          <Checkbox
            label="Regular expression"
            checked={regexBox}
            onChange={(e) => {
              setRegexBox(e.target.checked);
              update({ regex: e.target.checked ? '1' : null, q: text.trim() || null });
            }}
          />
          <Checkbox
            label="Match case"
            checked={caseBox}
            onChange={(e) => {
              setCaseBox(e.target.checked);
              update({ case: e.target.checked ? '1' : null, q: text.trim() || null });
            }}
          />
        </div>
      </form>
      {results.error && <ErrorNotice error={results.error} />}
      {!q ? (
        <EmptyState title="Search this repository’s code">
          Type words to find, or a regular expression with “Regular expression” ticked. Results show every matching line.
        </EmptyState>
      ) : results.isPending ? (
        <Spinner />
      ) : r ? (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
            {r.total_matches} matching {r.total_matches === 1 ? 'line' : 'lines'} in {r.total_files} {r.total_files === 1 ? 'file' : 'files'} at {r.ref}
            {r.truncated && ' — the search stopped at its limit, so there may be more: narrow it with a path or a longer query.'}
          </p>
          {r.files.length === 0 ? (
            <EmptyState title="No results">
              Nothing matches “{q}” at {r.ref}.
            </EmptyState>
          ) : (
            <SearchResults owner={owner} repo={repo} kind={kind} refName={ref} result={r} />
          )}
          <Pagination page={page} total={r.total_files} limit={CODE_SEARCH_LIMIT} hasNext={results.data?.hasNext} />
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteError;
