// Demo issues: labels, milestones, open and closed issues with comments, label and state events,
// mentions and references, in every repository that exists and has no issues yet.
import { pinIssue } from '../services/issue-pins.ts';
import type { Deps } from '../context.ts';
import { listReposWithoutIssues } from '../db/repos.ts';
import { listIndividualUsers } from '../db/users.ts';
import { repoContextFor } from '../services/repo-access.ts';
import { createIssue, editIssue } from '../services/issues.ts';
import { changeState } from '../services/conversation.ts';
import { createComment } from '../services/comments.ts';
import { createLabel, setIssueLabels } from '../services/labels.ts';
import { createMilestone } from '../services/milestones.ts';

const LABELS = [
  { name: 'bug', color: 'ee0701', description: 'Something is not working' },
  { name: 'enhancement', color: '84b6eb', description: 'New feature or request' },
  { name: 'documentation', color: '0075ca', description: 'Improvements to the docs' },
  { name: 'good first issue', color: '7057ff', description: 'Good for newcomers' },
  { name: 'question', color: 'cc317c', description: 'Further information is requested' },
];

export async function seedIssues(deps: Deps): Promise<void> {
  const { db } = deps;
  const repos = await listReposWithoutIssues(db);
  const users = await listIndividualUsers(db);
  for (const repo of repos) {
    const owner = users.find((u) => u.id === repo.owner_id);
    if (!owner) continue;
    const rc = await repoContextFor(deps, owner, repo, owner);
    const other = users.find((u) => u.id !== owner.id && (!repo.is_private || u.is_admin)) ?? owner;
    const otherRc = await repoContextFor(deps, other, repo, owner);

    const labels = [];
    for (const l of LABELS) labels.push(await createLabel(db, repo.id, l));
    const [bug, enhancement, docs, firstIssue] = labels;
    const day = 24 * 3600;
    const now = Math.floor(Date.now() / 1000);
    const v1 = await createMilestone(db, repo.id, {
      title: 'v1.0',
      description: 'First stable release',
      due_on: new Date((now + 30 * day) * 1000).toISOString(),
    });
    await createMilestone(db, repo.id, { title: 'v0.9', description: 'Preview', state: 'closed' });

    const crash = await createIssue(deps, rc, owner, {
      title: 'Crash when opening an empty file',
      body: 'Steps to reproduce:\n\n1. Create an empty file\n2. Open it\n\n```\nTypeError: cannot read properties of undefined\n```\n\n- [x] reproduced on main\n- [ ] fix released',
      labels: [bug!.id],
      milestone: v1.id,
      assignees: [owner.name],
    });
    await createComment(deps, otherRc, crash, other, `I can reproduce this too. @${owner.name}, is this related to the parser change?`);
    await createComment(deps, rc, crash, owner, 'Yes, a missing check. I will push a fix shortly.');
    // Shown above the issue list until it is fixed.
    await pinIssue(deps, crash, owner);

    const dark = await createIssue(deps, otherRc, other, {
      title: 'Support a dark colour scheme',
      body: `It would be great to follow the system theme. See also #${crash.index}.`,
    });
    await setIssueLabels(db, dark, owner, [enhancement!.id, firstIssue!.id], 'add');
    await createComment(deps, rc, dark, owner, '| Theme | Status |\n|---|---|\n| light | done |\n| dark | planned |');

    const readme = await createIssue(deps, rc, owner, {
      title: 'Document the configuration options',
      body: 'The README should list every option.',
      labels: [docs!.id],
    });
    await createComment(deps, rc, readme, owner, 'Done in the latest commit.');
    await changeState(deps, rc, readme, owner, true);

    const typo = await createIssue(deps, otherRc, other, { title: 'Typo in the welcome message', body: '"Wellcome" should be "Welcome".' });
    await setIssueLabels(db, typo, owner, [bug!.id], 'add');
    await setIssueLabels(db, typo, owner, [bug!.id], 'remove');
    const closed = await changeState(deps, rc, typo, owner, true);
    const reopened = await changeState(deps, rc, closed, owner, false);
    await editIssue(deps, rc, reopened, owner, { title: 'Typo in the welcome banner', due_date: new Date((now + 7 * day) * 1000).toISOString() });
  }
}
