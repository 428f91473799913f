// The title and description a new pull request starts with, as Gitea's compare page fills them:
// one commit gives its subject and the rest of its message; several give the head branch's name.
// A title longer than 255 characters is cut, the rest moving to the top of the description.
import type { components } from '@/lib/api/schema';

type Commit = components['schemas']['Commit'];

export const MAX_TITLE = 255;

export function defaultPullText(commits: Pick<Commit, 'commit'>[], headBranch: string): { title: string; body: string } {
  let title = headBranch;
  let body = '';
  if (commits.length === 1) {
    const lines = commits[0]!.commit.message.trim().split('\n');
    title = lines[0]!.trim();
    if (lines.length > 1) body = lines.slice(1).join('\n').trim();
  }
  const chars = [...title];
  if (chars.length > MAX_TITLE) {
    const trailer = chars.slice(MAX_TITLE).join('');
    title = chars.slice(0, MAX_TITLE).join('');
    body = body ? `${trailer}\n\n${body}` : `${trailer}\n`;
  }
  return { title, body };
}
