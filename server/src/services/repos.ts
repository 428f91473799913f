// Repository creation: the name rules, a new repository (with auto_init) or one generated from a
// template, and the query filter that says which repositories a viewer may read. Editing and
// renaming live in repo-edit.ts, deletion in repo-delete.ts.
import { addWatchCount, insertWatch } from '../db/social.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { findRepoIdByOwnerAndName, insertRepo } from '../db/repos.ts';
import { findUserByName } from '../db/users.ts';
import type { NewRepo, RepoRow, UserRow } from '../db/schema.ts';
import { conflict, forbidden, notFound, unprocessable } from '../errors.ts';
import { initBare, resolveCommit } from '../git/repo.ts';
import { treeOfCommit } from '../git/repo-admin.ts';
import { commitTree, copyObjects, createBranchRef, type NewTreeEntry, type Signature, writeBlob, writeTree } from '../git/tree.ts';
import { recordAction } from './activity.ts';
import { GITIGNORES, LICENSES, READMES, gitignoreText, licenseText, readmeText } from './repo-init-files.ts';
import { forgetRepoRedirect } from '../db/redirects.ts';
import { asidePath, crashPoint, placeRepository } from './repo-folders.ts';
import { LONE_SURROGATE } from '../git/identity.ts';

export interface CreateRepoOptions {
  name: string;
  description?: string;
  private?: boolean;
  auto_init?: boolean;
  /** Comma-separated .gitignore template names. */
  gitignores?: string;
  license?: string;
  readme?: string;
  default_branch?: string;
  template?: boolean;
  trust_model?: 'default' | 'collaborator' | 'committer' | 'collaboratorcommitter';
  /** Gitea accepts these; labels come later. */
  issue_labels?: string;
  object_format_name?: string;
}

export const ALREADY_EXISTS = 'The repository with the same name already exists.';
const RESERVED_NAMES = new Set(['.', '..', '-']);
const RESERVED_SUFFIXES = ['.git', '.wiki', '.rss', '.atom'];
const NAME_RE = /^[\w.-]+$/;

/** Gitea's repository name rules (AlphaDashDot, max 100, reserved names and patterns) → 422. */
export function validateRepoName(name: string): void {
  if (!name) throw unprocessable('name: name is empty');
  if (name.length > 100) throw unprocessable('name: must be at most 100 characters');
  if (!NAME_RE.test(name)) throw unprocessable(`name: must be valid alpha or numeric or dash(-_) or dot characters [name: ${name}]`);
  const lower = name.toLowerCase();
  if (RESERVED_NAMES.has(lower)) throw unprocessable(`name: name is reserved [name: ${name}]`);
  const suffix = RESERVED_SUFFIXES.find((s) => lower.endsWith(s));
  if (suffix) throw unprocessable(`name: name pattern is not allowed [pattern: *${suffix}]`);
}

/** git check-ref-format rules for a branch name. */
export function isValidBranchName(name: string): boolean {
  if (!name || name.length > 255 || name === '@' || name.startsWith('-') || name.startsWith('/') || name.endsWith('/')) return false;
  if (name.endsWith('.') || name.includes('..') || name.includes('//') || name.includes('@{')) return false;
  for (const ch of name) if (ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f) return false;
  // A lone surrogate would reach git as U+FFFD: not the name that was asked for.
  if (LONE_SURROGATE.test(name)) return false;
  if (/[~^:?*[\\]/.test(name)) return false;
  return name.split('/').every((part) => part && !part.startsWith('.') && !part.endsWith('.lock'));
}

function splitNames(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Case-insensitive lookup of a template name; 422 when unknown. */
function templateName(kind: string, known: string[], name: string): string {
  const hit = known.find((k) => k.toLowerCase() === name.toLowerCase());
  if (!hit) throw unprocessable(`${kind}: unknown template "${name}"`);
  return hit;
}

export function signatureOf(user: UserRow): Signature {
  return { name: user.full_name || user.name, email: user.email || `${user.lower_name}@noreply.localhost` };
}

interface NewRepoFields {
  name: string;
  description: string;
  is_private: boolean;
  is_template: boolean;
  default_branch: string;
  trust_model: string;
  template_id?: number;
}

/**
 * A new repository row: `fields` over the defaults of a new repository (every unit on, counters 0,
 * not archived, not a fork). Creation, forking and the test fixtures share it so a new column gets
 * its default in one place.
 */
export function newRepoRow(owner: { id: number; name: string }, fields: Pick<NewRepo, 'name'> & Partial<NewRepo>, t = nowUnix()): NewRepo {
  return {
    owner_id: owner.id,
    owner_name: owner.name,
    lower_name: fields.name.toLowerCase(),
    description: '',
    website: '',
    is_private: 0,
    is_empty: 0,
    is_archived: 0,
    is_template: 0,
    is_fork: 0,
    fork_id: 0,
    template_id: 0,
    default_branch: 'main',
    has_issues: 1,
    has_wiki: 1,
    has_pull_requests: 1,
    has_projects: 1,
    has_releases: 1,
    num_stars: 0,
    num_forks: 0,
    num_watches: 0,
    num_issues: 0,
    num_closed_issues: 0,
    num_pulls: 0,
    num_closed_pulls: 0,
    size: 0,
    trust_model: 'default',
    created_unix: t,
    updated_unix: t,
    archived_unix: 0,
    ...fields,
  };
}

/**
 * Prepares the bare repository aside (under <data>/tmp: init, `populate` writes its first commit and
 * returns whether it has content), then in one transaction inserts the row (409 on a duplicate)
 * and its feed entry and renames the folder into place as the last step, so a crash leaves either
 * nothing visible or a whole repository (see repo-folders.ts).
 */
async function createRepoWith(deps: Deps, doer: UserRow, owner: UserRow, fields: NewRepoFields, populate: (dir: string) => Promise<boolean>): Promise<RepoRow> {
  const { db, config } = deps;
  const dir = repoDir(config, owner.name, fields.name);
  const nameTaken = (q: Db) => findRepoIdByOwnerAndName(q, owner.id, fields.name);
  // Answer 409 before doing any git work; the transaction below checks again.
  if (await nameTaken(db)) throw conflict(ALREADY_EXISTS);
  const prepared = asidePath(config, 'create', '.git');
  let placed = false;
  try {
    await initBare(prepared, fields.default_branch);
    const hasContent = await populate(prepared);
    const size = hasContent ? folderSize(prepared) : 0;
    crashPoint('create:prepared');
    const t = nowUnix();
    return await db.transaction().execute(async (trx) => {
      if (await nameTaken(trx)) throw conflict(ALREADY_EXISTS);
      const row = await insertRepo(
        trx,
        newRepoRow(
          owner,
          {
            name: fields.name,
            description: fields.description,
            is_private: fields.is_private ? 1 : 0,
            is_empty: hasContent ? 0 : 1,
            is_template: fields.is_template ? 1 : 0,
            template_id: fields.template_id ?? 0,
            default_branch: fields.default_branch,
            size,
            trust_model: fields.trust_model,
          },
          t,
        ),
      ).catch((e: unknown) => {
        // Two creations racing past the check above meet the unique index.
        if (String((e as Error)?.message).includes('UNIQUE')) throw conflict(ALREADY_EXISTS);
        throw e;
      });
      await recordAction(trx as unknown as Db, { op_type: 'create_repo', act_user_id: doer.id, repo: row });
      // Gitea's AUTO_WATCH_NEW_REPOS (on by default): whoever creates a repository watches it, so
      // they are told of its issues and pull requests (issue #20).
      let created = row;
      if (await insertWatch(trx, doer.id, row.id, t)) {
        await addWatchCount(trx, row.id, 1);
        created = { ...row, num_watches: row.num_watches + 1 };
      }
      // The name is in use again: an old repository's redirect from it ends (Gitea's DeleteRedirect).
      await forgetRepoRedirect(trx, owner.id, row.name);
      placeRepository(prepared, dir);
      placed = true;
      crashPoint('create:placed');
      return created;
    });
  } catch (e) {
    // The transaction rolled back: nothing of ours may stay on disk.
    fs.rmSync(placed ? dir : prepared, { recursive: true, force: true });
    throw e;
  }
}

/** Checks the create options (422 on anything invalid) and returns the normalised fields. */
function checkCreateOptions(opts: CreateRepoOptions) {
  validateRepoName(opts.name);
  const description = opts.description ?? '';
  if (description.length > 2048) throw unprocessable('description: must be at most 2048 characters');
  const branch = opts.default_branch?.trim() || 'main';
  if (!isValidBranchName(branch)) throw unprocessable(`default_branch: invalid branch name "${branch}"`);
  const gitignores = splitNames(opts.gitignores).map((n) => templateName('gitignores', Object.keys(GITIGNORES), n));
  const license = opts.license ? templateName('license', Object.keys(LICENSES), opts.license) : '';
  // Gitea only reads the readme template when auto-initialising; an empty value means Default.
  const readme = opts.auto_init ? templateName('readme', READMES, opts.readme || 'Default') : '';
  const trust = opts.trust_model ?? 'default';
  if (!['default', 'collaborator', 'committer', 'collaboratorcommitter'].includes(trust)) throw unprocessable(`trust_model: invalid trust model "${trust}"`);
  if (opts.object_format_name && opts.object_format_name !== 'sha1') throw unprocessable('object_format_name: only sha1 is supported');
  return { description, branch, gitignores, license, readme, trust };
}

/**
 * Creates a repository for `owner` as POST /user/repos does. The caller decides whether `doer`
 * may create repositories for `owner`.
 */
export async function createRepository(deps: Deps, doer: UserRow, owner: UserRow, opts: CreateRepoOptions): Promise<RepoRow> {
  const o = checkCreateOptions(opts);
  return createRepoWith(
    deps,
    doer,
    owner,
    { name: opts.name, description: o.description, is_private: !!opts.private, is_template: !!opts.template, default_branch: o.branch, trust_model: o.trust },
    async (dir) => {
      if (!opts.auto_init) return false;
      const files: Array<[string, string]> = [];
      if (o.readme) files.push(['README.md', readmeText(opts.name, o.description)]);
      if (o.gitignores.length) files.push(['.gitignore', gitignoreText(o.gitignores)]);
      if (o.license) files.push(['LICENSE', licenseText(o.license, owner.full_name || owner.name)]);
      const entries: NewTreeEntry[] = [];
      for (const [name, content] of files) entries.push({ mode: '100644', kind: 'blob', sha: await writeBlob(dir, content), name });
      const tree = await writeTree(dir, entries);
      const commit = await commitTree(dir, tree, 'Initial commit\n', signatureOf(doer));
      await createBranchRef(dir, o.branch, commit);
      return true;
    },
  );
}

export interface GenerateRepoOptions {
  name: string;
  description?: string;
  private?: boolean;
  default_branch?: string;
  git_content?: boolean;
}

/** A new repository from a template: its default branch's tree as one new initial commit. */
export async function generateRepository(
  deps: Deps,
  doer: UserRow,
  owner: UserRow,
  template: RepoRow,
  templateOwner: UserRow,
  opts: GenerateRepoOptions,
): Promise<RepoRow> {
  validateRepoName(opts.name);
  const description = opts.description ?? '';
  if (description.length > 2048) throw unprocessable('description: must be at most 2048 characters');
  const branch = opts.default_branch?.trim() || template.default_branch;
  if (!isValidBranchName(branch)) throw unprocessable(`default_branch: invalid branch name "${branch}"`);
  const templateDir = repoDir(deps.config, templateOwner.name, template.name);
  return createRepoWith(
    deps,
    doer,
    owner,
    {
      name: opts.name,
      description,
      is_private: !!opts.private,
      is_template: false,
      default_branch: branch,
      trust_model: template.trust_model,
      template_id: template.id,
    },
    async (dir) => {
      if (opts.git_content === false || template.is_empty) return false;
      const head = await resolveCommit(templateDir, `refs/heads/${template.default_branch}`);
      if (!head) return false;
      const tree = await treeOfCommit(templateDir, head);
      await copyObjects(templateDir, dir, tree);
      const commit = await commitTree(dir, tree, 'Initial commit\n', signatureOf(doer));
      await createBranchRef(dir, branch, commit);
      return true;
    },
  );
}

/** Who may create repositories owned by `owner` (organizations will extend this). */
export function assertCanCreateFor(doer: UserRow, owner: UserRow): void {
  if (doer.id !== owner.id && doer.is_admin !== 1) throw forbidden('Only admin can create repositories for other users.');
}

export async function userByName(db: Db, name: string): Promise<UserRow> {
  const u = await findUserByName(db, name);
  if (!u) throw notFound(`user redirect does not exist [name: ${name}]`);
  return u;
}

/** The SQL twin of the permission model lives beside it; exported here for the list routes. */
export { readableRepo } from './permissions.ts';

/** Approximate size of a folder in bytes (as Gitea's repository size: the git objects). */
export function folderSize(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const ent of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (ent.isFile()) total += fs.statSync(p).size;
    }
  };
  try {
    walk(path.join(dir, 'objects'));
  } catch {
    return 0;
  }
  return total;
}
