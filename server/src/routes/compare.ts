// GET /repos/{owner}/{repo}/compare/{basehead}: the commits on head that base lacks, as Gitea's
// repoCompareDiff ({total_commits, commits}). The compare page shows them before a pull request exists.
// Our extension, which Gitea clients ignore: merge_base, mergeable, conflicted_files and files on the
// answer, and the raw diff at /compare/{basehead}.diff, so the page can say whether the branches merge
// and show what changed without a pull request.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zQueryBool } from '../api/openapi.ts';
import { RefTypeSchema, CompareSchema } from '../api/git-schemas.ts';
import { notFound } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { isRepoEmpty, toApiCommit, usersByEmail } from '../services/commits.ts';
import { resolveBranchFast } from '../git/refs.ts';
import { resolveCommitsBatch } from '../git/repo.ts';
import { logCommits } from '../git/log.ts';
import { changedFiles, mergeBase, mergeCheck, rangeDiff } from '../git/compare.ts';
import type { RepoContext } from '../http/repo-context.ts';
import { resolveNetworkHead } from '../services/forks.ts';
import { fetchCommit } from '../git/pull-diff.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

export const compareRoutes = createRouter();

/** Gitea answers at most this many commits in a comparison (its UI page size for compare). */
const MAX_COMPARE_COMMITS = 250;

const WHITESPACE = ['show-all', 'ignore-all', 'ignore-change', 'ignore-eol'] as const;

/** "base...head", "base..head" or just "head" (against the default branch), as Gitea splits it. */
export function splitBaseHead(basehead: string, defaultBranch: string): [string, string] {
  for (const sep of ['...', '..']) {
    const i = basehead.indexOf(sep);
    if (i >= 0) return [basehead.slice(0, i), basehead.slice(i + sep.length)];
  }
  return [defaultBranch, basehead];
}

function wideRoute<R extends RouteConfig>(route: R, honoPath: string) {
  compareRoutes.openAPIRegistry.registerPath(route);
  return { ...route, path: honoPath, hide: true } as R & { hide: true };
}

type RefType = z.infer<typeof RefTypeSchema>;

interface GuessedRef {
  type: RefType;
  sha: string;
}

/** Characters git refuses in a ref name; they would turn a name into a revision expression (main~1, :/text, @{0}). */
const NOT_A_NAME = /[\0-\x20\x7f~^:?*[\\]|\.\.|@\{/;

/**
 * What a name in a compare path means, as Gitea's UnstableGuessRefByShortName decides: a branch,
 * else a tag, else a full ref name (refs/...), else a commit SHA or unique abbreviation of one (at
 * least 4 hex digits). Expressions git would also accept (main~1, HEAD@{1}, :/message) are not
 * refs: null, so the route answers 404 as Gitea does. One git process answers all the candidates.
 */
export async function guessRef(dir: string, name: string): Promise<GuessedRef | null> {
  if (!name || name.startsWith('-') || name.length > 1024 || NOT_A_NAME.test(name)) return null;
  const fast = resolveBranchFast(dir, name);
  if (fast) return { type: 'branch', sha: fast };
  const candidates: { rev: string; type: RefType }[] = [
    { rev: `refs/heads/${name}`, type: 'branch' },
    { rev: `refs/tags/${name}`, type: 'tag' },
  ];
  if (name.startsWith('refs/'))
    candidates.push({ rev: name, type: name.startsWith('refs/heads/') ? 'branch' : name.startsWith('refs/tags/') ? 'tag' : 'commit' });
  const hex = /^[0-9a-f]{4,40}$/i.test(name);
  if (hex) candidates.push({ rev: name.toLowerCase(), type: 'commit' });
  // Names go on standard input, never on the command line; '' for what does not resolve to a commit.
  const revs = candidates.map((c) => c.rev);
  const shas = await resolveCommitsBatch(dir, revs);
  for (const [i, c] of candidates.entries()) {
    const sha = shas[i]!;
    if (!sha) continue;
    // A hex name must be the start of the commit it found, not a ref that git's lookup happened to find by that name.
    if (hex && c.rev === name.toLowerCase() && !sha.startsWith(c.rev)) continue;
    return { type: c.type, sha };
  }
  return null;
}

interface ResolvedCompare {
  base: string;
  head: string;
  baseRef: { name: string } & GuessedRef;
  headRef: { name: string } & GuessedRef;
  /** base..head compares the two commits themselves; base...head compares head with the merge base. */
  direct: boolean;
  /** The repository git answers in: this one, or a private head repository that holds both commits. */
  dir: string;
}

/**
 * The head may be `owner:branch` or `owner/repo:branch` of another repository of the fork network
 * (the parent, a fork, a sibling fork: forks.ts resolveNetworkHead), so "behind upstream" and
 * "ahead of upstream" both work. One repository gets the other's commit and git answers there:
 * normally this one; but a private head's commits are never copied into a public repository
 * (where anyone could read them by id), the public base's commit goes into the private head instead.
 */
async function resolveCompare(c: Context<AppEnv>, rc: RepoContext, basehead: string): Promise<ResolvedCompare> {
  if (await isRepoEmpty(rc)) throw notFound('repository is empty');
  const [baseName, headName] = splitBaseHead(basehead, rc.repo.default_branch);
  const { head: headRepo, branch } = await resolveNetworkHead(c.var.deps, rc, c.var.user, headName);
  const [baseRef, headRef] = await Promise.all([guessRef(rc.dir, baseName), guessRef(headRepo.dir, branch)]);
  if (!baseRef) throw notFound(`base does not exist [${baseName}]`);
  if (!headRef) throw notFound(`head does not exist [${headName}]`);
  const base = baseRef.sha;
  const head = headRef.sha;
  let dir = rc.dir;
  if (headRepo.repo.id !== rc.repo.id) {
    if (headRepo.repo.is_private === 1 && rc.repo.is_private !== 1) {
      dir = headRepo.dir;
      await fetchCommit(dir, rc.dir, base);
    } else await fetchCommit(rc.dir, headRepo.dir, head);
  }
  return {
    base,
    head,
    baseRef: { name: baseName, ...baseRef },
    headRef: { name: branch, ...headRef },
    direct: !basehead.includes('...') && basehead.includes('..'),
    dir,
  };
}

// Registered before the JSON route, whose {basehead} would otherwise swallow the ".diff".
const rawDiffRoute = wideRoute(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/compare/{basehead}.diff',
    operationId: 'repoCompareRawDiff',
    tags: ['repository'],
    summary: 'Raw diff of a comparison (ours; not in Gitea)',
    request: {
      params: z.object({ owner: z.string(), repo: z.string(), basehead: z.string() }),
      query: z.object({ whitespace: z.enum(WHITESPACE).optional(), binary: zQueryBool.optional() }),
    },
    responses: { 200: { description: 'Plain text', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses(404) },
  }),
  '/repos/{owner}/{repo}/compare/:basehead{.+\\.diff}',
);
compareRoutes.openapi(
  // Raw bytes on the wire: a diff need not be valid UTF-8.
  { ...rawDiffRoute, responses: { 200: { description: 'Plain text' } } },
  async (c) => {
    const { owner, repo, basehead } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadRepo(c, owner, repo, 'read');
    const { base, head, direct, dir } = await resolveCompare(c, rc, basehead.replace(/\.diff$/, ''));
    const from = direct ? base : ((await mergeBase(dir, base, head)) ?? base);
    const out = await rangeDiff(dir, from, head, { whitespace: q.whitespace, binary: q.binary });
    return c.body(new Uint8Array(out), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  },
);

compareRoutes.openapi(
  wideRoute(
    createRoute({
      method: 'get',
      path: '/repos/{owner}/{repo}/compare/{basehead}',
      operationId: 'repoCompareDiff',
      tags: ['repository'],
      summary: 'Get commit comparison information',
      request: {
        params: z.object({
          owner: z.string(),
          repo: z.string(),
          basehead: z
            .string()
            .openapi({ description: 'base...head: two branches, tags or commits; the head may be owner:branch or owner/repo:branch of the fork network' }),
        }),
        query: z.object({ verification: zQueryBool.optional(), files: zQueryBool.optional() }),
      },
      responses: { 200: { description: 'Compare', content: { 'application/json': { schema: CompareSchema } } }, ...errorResponses(404) },
    }),
    '/repos/{owner}/{repo}/compare/:basehead{.+}',
  ),
  async (c) => {
    const { owner, repo, basehead } = c.req.valid('param');
    const q = c.req.valid('query');
    const { db, config } = c.var.deps;
    const rc = await loadRepo(c, owner, repo, 'read');
    const { base, head, baseRef, headRef, direct, dir } = await resolveCompare(c, rc, basehead);
    const opts = { stat: true, verification: q.verification ?? true, files: q.files ?? true };
    const [logged, mb] = await Promise.all([
      // Oldest first, as Gitea lists a comparison.
      logCommits(dir, { revs: [head, `^${base}`], max: MAX_COMPARE_COMMITS, files: opts.files, stat: true }),
      mergeBase(dir, base, head),
    ]);
    const commits = logged.reverse();
    const [users, check, files] = await Promise.all([
      usersByEmail(
        db,
        commits.flatMap((cm) => [cm.author.email, cm.committer.email]),
      ),
      mb ? mergeCheck(dir, base, head) : { mergeable: false, conflictedFiles: [] },
      changedFiles(dir, direct || !mb ? base : mb, head),
    ]);
    return c.json(
      {
        total_commits: commits.length,
        commits: commits.map((cm) => toApiCommit(cm, rc, config, users, c.var.user, opts)),
        ...(mb ? { merge_base: mb } : {}),
        mergeable: check.mergeable,
        conflicted_files: check.conflictedFiles,
        files,
        base_ref: baseRef,
        head_ref: headRef,
      },
      200,
    );
  },
);
