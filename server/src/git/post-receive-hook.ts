// The server's post-receive hook: after a push to a branch other than the default one, it tells
// the pusher where to open a pull request or which open pull request the branch already has, as
// Gitea's hook does (cmd/hook.go hookPrintResult). git relays what a hook writes as "remote:" lines.
// The server works out the URLs before the push (services/push-messages.ts) and hands them over
// in FORGE_PUSH_MESSAGES; without it the hook prints nothing.

export const PUSH_MESSAGES_ENV = 'FORGE_PUSH_MESSAGES';

/** What the post-receive hook needs to print its messages. */
export interface PushMessages {
  /** The branch pull requests go to by default (the base repository's default branch). */
  defaultBranch: string;
  /** The pushed repository's default branch: pushes to it print nothing. */
  repoDefaultBranch: string;
  /** The compare URL up to and including "...", e.g. http://host/owner/repo/compare/main... */
  compareUrl: string;
  /** Prefix of the head in the compare URL ("owner:" for a fork). */
  headPrefix: string;
  /** Open pull requests from this repository into the base's default branch: branch → its URL. */
  open: Record<string, string>;
}

// Plain JavaScript, no dependency. Messages are Gitea's, word for word.
export const POST_RECEIVE = String.raw`
'use strict';
const fs = require('node:fs');
const raw = process.env.${PUSH_MESSAGES_ENV};
if (!raw) process.exit(0);
let info;
try { info = JSON.parse(raw); } catch { process.exit(0); }
const isZero = (sha) => /^0+$/.test(sha);
const seg = (s) => s.split('/').map(encodeURIComponent).join('/').replace(/%3A/g, ':');
let out = '';
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
  const [, newSha, ref] = line.trim().split(' ');
  if (!ref || !ref.startsWith('refs/heads/') || isZero(newSha)) continue;
  const branch = ref.slice('refs/heads/'.length);
  if (branch === info.repoDefaultBranch) continue;
  const existing = Object.prototype.hasOwnProperty.call(info.open, branch) ? info.open[branch] : null;
  out += '\n';
  if (existing) out += 'Visit the existing pull request:\n  ' + existing + '\n';
  else out += "Create a new pull request for '" + info.headPrefix + branch + "':\n  " + info.compareUrl + seg(info.headPrefix + branch) + '\n';
  out += '\n';
}
if (out) process.stderr.write(out);
`;
