// The server's own git hooks. `git http-backend` runs with `-c core.hooksPath=<dir>` so a push
// runs these hooks and never a hook stored inside a repository. The pre-receive hook is a small
// Node script (no shell): the server works out everything that needs the database before the
// push (PushPolicy, services/push-protection.ts) and hands it over in FORGE_PUSH_POLICY; the hook
// adds what only git knows at that moment (which refs move, fast-forward or not, signatures) and
// refuses the whole push, before any ref moves, as Gitea's pre-receive hook does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { POST_RECEIVE } from './post-receive-hook.ts';

/** How a rule matches a branch name (protection-rules.ts toRule, in a form JSON can carry). */
export type PolicyMatch = { plain: string } | { regex: string } | { literal: string };

export interface PolicyRule {
  /** The rule's name, shown in every refusal. */
  name: string;
  match: PolicyMatch;
  /** canUserPush for the pusher. */
  canPush: boolean;
  /** The rule allows force pushes at all (enable_force_push). */
  forcePushEnabled: boolean;
  /** canUserForcePush for the pusher. */
  canForcePush: boolean;
  requireSigned: boolean;
  /** protected_file_patterns / unprotected_file_patterns, compiled (lower-case paths). */
  protectedFiles: string[];
  unprotectedFiles: string[];
}

/** What the pre-receive hook needs to decide a push; rules in precedence order. */
export interface PushPolicy {
  defaultBranch: string;
  rules: PolicyRule[];
  /** An allowed-signers file (ssh-keygen format: email and key) when some rule requires signed commits. */
  allowedSigners?: string;
  /** An empty GNUPGHOME for checking signatures. */
  gnupgHome?: string;
}

export const PUSH_POLICY_ENV = 'FORGE_PUSH_POLICY';

// Plain JavaScript run by Node itself (the shebang names this Node binary), kept free of any
// dependency so it starts fast. Messages follow Gitea's routers/private/hook_pre_receive.go, with
// the rule that refused named after them.
const PRE_RECEIVE = String.raw`
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');

const raw = process.env.${PUSH_POLICY_ENV};
if (!raw) {
  // Fail closed: a push that did not come through the server's checks is not accepted.
  process.stderr.write('Pushes are not accepted here without the server\'s branch protection checks.\n');
  process.exit(1);
}
const policy = JSON.parse(raw);
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const isZero = (sha) => /^0+$/.test(sha);

function git(args, extra) {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'], ...extra });
}

function matches(rule, branch) {
  const m = rule.match;
  if (m.plain !== undefined) return branch.toLowerCase() === m.plain;
  if (m.regex !== undefined) return new RegExp(m.regex, 's').test(branch);
  return branch === m.literal;
}

/** Gitea's verifyCommits: every commit in old...new (or all of new's history for a new branch) is verified. */
function firstUnverified(oldSha, newSha) {
  const range = isZero(oldSha) ? [newSha] : [oldSha + '...' + newSha];
  const cfg = ['-c', 'gpg.ssh.allowedSignersFile=' + (policy.allowedSigners || '/dev/null')];
  const env = policy.gnupgHome ? { ...process.env, GNUPGHOME: policy.gnupgHome } : process.env;
  const out = git([...cfg, 'log', '-z', '--format=%H%x1f%G?%x1f%GS%x1f%ce', ...range, '--'], { env });
  for (const rec of out.split('\0')) {
    if (!rec.trim()) continue;
    const [sha, status, signer, committer] = rec.replace(/^\n/, '').split('\x1f');
    // G: a good signature by a key the allowed-signers file gives to that email; the signer must be
    // the committer (Gitea verifies against the committer's own keys). Anything else — unsigned,
    // bad, or signed with a key nobody here can vouch for — is unverified.
    const ok = status === 'G' && !!signer && signer.toLowerCase() === String(committer).toLowerCase();
    if (!ok) return sha;
  }
  return null;
}

/**
 * The files a push changes on a branch (Gitea's GetAffectedFiles): against the old tip, or for a
 * new branch against where it leaves the existing branches (the whole tree for a branch of its own).
 */
const affectedCache = new Map();
function affectedFiles(oldSha, newSha) {
  const key = oldSha + ' ' + newSha;
  if (affectedCache.has(key)) return affectedCache.get(key);
  let from = oldSha;
  if (isZero(oldSha)) {
    const lines = git(['rev-list', '--boundary', newSha, '--not', '--branches', '--']).split('\n').filter(Boolean);
    const boundary = lines.find((l) => l.startsWith('-'));
    if (!lines.length) from = newSha;
    else if (boundary) from = boundary.slice(1);
    else from = git(['hash-object', '-t', 'tree', '/dev/null']).trim();
  }
  const files = from === newSha ? [] : git(['diff', '--name-only', '-z', from, newSha, '--']).split('\0').filter(Boolean);
  affectedCache.set(key, files);
  return files;
}

const anyMatch = (sources, file) => sources.some((src) => new RegExp(src, 's').test(file));

function checkBranch(oldSha, newSha, branch) {
  if (branch === policy.defaultBranch && isZero(newSha)) return 'Branch ' + branch + ' is the default branch and cannot be deleted';
  const rule = policy.rules.find((r) => matches(r, branch));
  if (!rule) return null;
  const by = ' (protection rule "' + rule.name + '")';
  if (isZero(newSha)) return 'Branch ' + branch + ' is protected from deletion' + by;
  let isForcePush = false;
  if (!isZero(oldSha)) {
    const removed = git(['rev-list', '--max-count=1', oldSha, '^' + newSha, '--']).trim();
    if (removed) {
      if (!rule.forcePushEnabled) return 'Branch ' + branch + ' is protected from force push' + by;
      isForcePush = true;
    }
  }
  if (rule.requireSigned) {
    const sha = firstUnverified(oldSha, newSha);
    if (sha) return 'Branch ' + branch + ' is protected from unverified commit ' + sha + by;
  }
  // Protected files: a push touching one is refused whoever pushes (Gitea lets only merges change them).
  let protectedFile = null;
  if (rule.protectedFiles.length) {
    protectedFile = affectedFiles(oldSha, newSha).map((f) => f.toLowerCase()).find((f) => anyMatch(rule.protectedFiles, f)) || null;
  }
  const canPush = !protectedFile && (isForcePush ? rule.canForcePush : rule.canPush);
  if (!canPush) {
    if (protectedFile) return 'Branch ' + branch + ' is protected from changing file ' + protectedFile + by;
    // Someone who may not push may still change only unprotected files.
    if (rule.unprotectedFiles.length && oldSha !== newSha) {
      const files = affectedFiles(oldSha, newSha);
      if (files.every((f) => anyMatch(rule.unprotectedFiles, f.toLowerCase()))) return null;
    }
    return (isForcePush ? 'Not allowed to force-push to protected branch ' : 'Not allowed to push to protected branch ') + branch + by;
  }
  return null;
}

const reasons = [];
try {
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const [oldSha, newSha, ref] = line.split(' ');
  if (!SHA.test(oldSha || '') || !SHA.test(newSha || '') || !ref) {
    reasons.push('Unexpected ref update: ' + line);
    continue;
  }
  let reason = null;
  if (ref.startsWith('refs/pull/')) reason = ref + ' belongs to a pull request and cannot be pushed';
  else if (ref.startsWith('refs/heads/')) reason = checkBranch(oldSha, newSha, ref.slice('refs/heads/'.length));
  if (reason) reasons.push(reason);
}
} catch (e) {
  reasons.push('Branch protection could not check this push: ' + String((e && e.message) || e).split('\n')[0]);
}
if (reasons.length) {
  for (const r of reasons) process.stderr.write(r + '\n');
  process.exit(1);
}
`;

const SCRIPT = `#!${process.execPath}\n${PRE_RECEIVE}`;
const POST_SCRIPT = `#!${process.execPath}\n${POST_RECEIVE}`;
const SCRIPT_ID = crypto.createHash('sha256').update(SCRIPT).update(POST_SCRIPT).digest('hex').slice(0, 16);
const written = new Set<string>();

/** Writes `name` in `dir` with `script` unless it already holds it (aside and renamed, see below). */
function writeHook(dir: string, name: string, script: string): void {
  const file = path.join(dir, name);
  let current: string | null = null;
  try {
    current = fs.readFileSync(file, 'utf8');
  } catch {
    current = null;
  }
  if (current === script) return;
  // Written aside and renamed, so a push running meanwhile never sees half a script; two
  // processes doing this at once both rename the same bytes into place.
  const tmp = path.join(dir, `.${name}-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(tmp, script, { mode: 0o755 });
  fs.renameSync(tmp, file);
}

/**
 * Writes the hooks (pre-receive and post-receive) under `<dataDir>/hooks/<hash of the scripts>`
 * (again whenever a file went missing: git skips a missing hook, which would let every push
 * through) and returns the directory for core.hooksPath. Named by content because several server
 * processes share the data folder: one of another version, or on a machine whose Node lives
 * elsewhere (the shebang), writes its own folder instead of replacing the scripts this process's
 * pushes run, so whatever this process remembers as written stays true until a file is deleted.
 */
export function ensureHooksDir(dataDir: string): string {
  const dir = path.join(dataDir, 'hooks', SCRIPT_ID);
  const file = path.join(dir, 'pre-receive');
  const post = path.join(dir, 'post-receive');
  if (written.has(file) && fs.existsSync(file) && fs.existsSync(post)) return dir;
  fs.mkdirSync(dir, { recursive: true });
  writeHook(dir, 'pre-receive', SCRIPT);
  writeHook(dir, 'post-receive', POST_SCRIPT);
  written.add(file);
  return dir;
}
