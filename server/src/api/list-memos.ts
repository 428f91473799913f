// Hot list reads kept between writes (issues #11 and #22, api/answer-memo.ts), each with what of
// the database it reads (api/list-reads.ts): outside conditionalGet, so a kept commit list keeps
// its ETag.
import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { answerMemo, commitListInputs } from './answer-memo.ts';
import { inboxReads, repoListReads, searchReads, searchShows } from './list-reads.ts';

export function registerListMemos(app: Hono<AppEnv>): void {
  app.use('/api/v1/repos/search', answerMemo({ reads: searchReads, shows: searchShows }));
  // A repository's lists are kept across writes elsewhere.
  app.use('/api/v1/repos/:owner/:repo/issues', answerMemo({ reads: repoListReads('issues') }));
  app.use('/api/v1/repos/:owner/:repo/commits', answerMemo({ inputs: commitListInputs, reads: repoListReads('commits') }));
  app.use('/api/v1/repos/:owner/:repo/pulls', answerMemo({ reads: repoListReads('pulls'), needsCheck: true }));
  // A user's notification threads, kept per user.
  app.use('/api/v1/notifications', answerMemo({ reads: inboxReads }));
  // The bell's unread count, asked by every open page: it reads what the inbox does.
  app.use('/api/v1/notifications/new', answerMemo({ reads: inboxReads }));
}
