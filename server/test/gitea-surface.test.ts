// The Gitea 1.23 surface the browser tests' proxy stands for (e2e/gitea/surface.ts, issue #19),
// read from gitea-js: routes, the parameters Gitea reads and the fields it sends.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { giteaSurface } from '../../scripts/gitea-surface.mjs';
import { Surface } from '../../e2e/gitea/surface.ts';

const doc = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../openapi/openapi.json'), 'utf8')) as { paths: Record<string, object> };
const ours = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: p })));
const surface = new Surface(giteaSurface(), ours);
const kind = (method: string, p: string) => surface.match(method, p).kind;

describe('Gitea 1.23 surface', () => {
  it('is read from gitea-js 1.23', () => {
    expect(surface.surface.version).toMatch(/^1\.23\./);
    expect(surface.surface.routes.length).toBeGreaterThan(400);
  });

  it('has Gitea routes, with branch names and file paths across slashes', () => {
    const m = surface.match('GET', '/repos/alice/app/pulls');
    expect(m.kind === 'route' && m.route.response).toBe('PullRequest[]');
    expect(kind('GET', '/repos/alice/app/branches/feature/login')).toBe('route');
    expect(kind('GET', '/repos/alice/app/contents/src/lib/a.ts')).toBe('route');
    expect(kind('GET', '/repos/alice/app/compare/main...topic')).toBe('route');
    expect(kind('HEAD', '/repos/alice/app')).toBe('route');
  });

  it('lacks this forge’s extensions, even where a Gitea template would swallow them', () => {
    expect(kind('GET', '/user/sessions/current')).toBe('missing');
    expect(kind('GET', '/repos/alice/app/search/code')).toBe('missing');
    expect(kind('GET', '/repos/alice/app/blame/main/README.md')).toBe('missing');
    expect(kind('PUT', '/repos/alice/app/issues/1/lock')).toBe('missing');
    expect(kind('GET', '/repos/alice/app/compare/main...topic.diff')).toBe('missing');
    expect(kind('GET', '/events')).toBe('missing');
    // A path Gitea has, with a method it lacks.
    expect(kind('PUT', '/repos/alice/app/branches/main')).toBe('method-not-allowed');
  });

  it('ignores the query parameters a route does not read', () => {
    const m = surface.match('GET', '/repos/alice/app/pulls');
    if (m.kind !== 'route') throw new Error('no route');
    const { kept, dropped } = surface.filterQuery(m.route, new URLSearchParams('state=open&base_branch=main&token=t&page=2'));
    expect(kept.toString()).toBe('state=open&token=t&page=2');
    expect(dropped).toEqual(['base_branch']);
  });

  it('strips the fields Gitea does not send, in nested objects and arrays', () => {
    const dropped = new Set<string>();
    const pull = {
      number: 1,
      merge_blockers: [],
      user: { login: 'alice', username: 'alice' },
      labels: [{ id: 1, name: 'bug', extra: true }],
      base: { ref: 'main', repo: { full_name: 'alice/app', allow_manual_merge: true, owner: { login: 'alice', username: 'alice' } } },
    };
    expect(surface.shape([pull], 'PullRequest[]', dropped)).toEqual([
      {
        number: 1,
        user: { login: 'alice' },
        labels: [{ id: 1, name: 'bug' }],
        base: { ref: 'main', repo: { full_name: 'alice/app', owner: { login: 'alice' } } },
      },
    ]);
    expect([...dropped].sort()).toEqual(['Label.extra', 'PullRequest.merge_blockers', 'Repository.allow_manual_merge', 'User.username']);
  });
});
