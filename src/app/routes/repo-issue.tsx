// /{owner}/{repo}/issues/{index}: the issue's header, then the shared conversation (timeline,
// comment box) with the issue sidebar beside it. The pull request page composes the same pieces.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { canAdminRepo, canWriteRepo, indexRouteParams } from '../index-route';
import { Conversation } from '../conversation';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { issueDetailQueries } from '@/features/issues/api/issue-detail-queries';
import { useEditIssue } from '@/features/issues/api/use-edit-issue';
import { IssueHeader } from '@/features/issues/components/issue-header';
import { IssueSidebar } from '@/features/issues/components/issue-sidebar';
import { IssueSubscribeButton } from '@/features/notifications/components/issue-subscribe-button';
import { MarkViewedRead } from '@/features/notifications/api/use-mark-viewed';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { owner, repo, index } = indexRouteParams(useParams());
  const { data: issue } = useSuspenseQuery(issueDetailQueries.detail(owner, repo, index));
  useDocumentTitle(`${issue.title} · Issue #${issue.number}`, `${owner}/${repo}`);
  const { data: repository } = useQuery(repoQueries.detail(owner, repo));
  const me = useCurrentUser();
  const editIssue = useEditIssue(owner, repo, index);

  const canWrite = canWriteRepo(me, repository);
  const isAuthor = !!me && me.id === issue.user.id;

  return (
    <div className="space-y-4">
      <MarkViewedRead owner={owner} repo={repo} subject={{ kind: 'issue', index }} />
      <IssueHeader owner={owner} repo={repo} issue={issue} canEdit={canWrite || isAuthor} />
      <Conversation
        owner={owner}
        repo={repo}
        issue={issue}
        canWrite={canWrite}
        onSaveBody={(body) => editIssue.mutateAsync({ body })}
        onChangeState={(state) => editIssue.mutateAsync({ state })}
        sidebar={({ participants, attachments }) => (
          <IssueSidebar
            owner={owner}
            repo={repo}
            issue={issue}
            canWrite={canWrite}
            canAdmin={canAdminRepo(me, repository)}
            participants={participants}
            attachments={attachments}
          >
            <IssueSubscribeButton owner={owner} repo={repo} index={index} isPull={false} />
          </IssueSidebar>
        )}
      />
    </div>
  );
}
