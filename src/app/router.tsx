// Every URL of the app. Each route module is lazy: it brings its own loader, component and
// error boundary, so a page's code (and heavy libraries like diff2html) loads only when visited.
// The issue and pull request pages' loaders load apart from their code (apart() below).
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { Spinner } from '@/components/ui/spinner';
import { sessionReady } from '@/lib/auth-store';

const pageLoaders = () => import('./routes/page-loaders');
const loaders = {
  issue: async () => (await pageLoaders()).issueLoader,
  pullLayout: async () => (await pageLoaders()).pullLayoutLoader,
  pullConversation: async () => (await pageLoaders()).pullConversationLoader,
};

/**
 * A page whose loader comes from a module of its own (routes/page-loaders.ts): its data requests
 * start once that small module is there, while the page's code still downloads (issue #22).
 */
function apart(loader: () => Promise<LoaderFunction>, page: () => Promise<{ Component: ComponentType }>): RouteObject['lazy'] {
  return { loader, Component: async () => (await page()).Component };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // The first page renders once who is signed in is known (its data loads meanwhile).
    loader: () => sessionReady().then(() => null),
    // Shown while the first page's code and loader run (without it React Router warns on every load).
    HydrateFallback: () => <Spinner label="Loading Forge" />,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'explore/repos', lazy: () => import('./routes/explore') },
          { path: 'explore', lazy: () => import('./routes/explore') },
          { path: 'user/login', lazy: () => import('./routes/sign-in') },
          { path: 'user/settings', lazy: () => import('./routes/user-settings') },
          { path: 'user/settings/keys', lazy: () => import('./routes/user-settings-keys') },
          { path: 'user/settings/applications', lazy: () => import('./routes/user-settings-applications') },
          { path: 'user/settings/sessions', lazy: () => import('./routes/user-settings-sessions') },
          { path: 'user/settings/account', lazy: () => import('./routes/user-settings-account') },
          { path: 'user/sign_up', lazy: () => import('./routes/sign-up') },
          { path: 'explore/users', lazy: () => import('./routes/explore-users') },
          { path: 'repo/create', lazy: () => import('./routes/new-repo') },
          { path: 'issues', lazy: () => import('./routes/your-issues') },
          { path: 'pulls', lazy: () => import('./routes/your-pulls') },
          { path: 'notifications', lazy: () => import('./routes/notifications') },
          { path: 'explore/organizations', lazy: () => import('./routes/explore-orgs') },
          { path: 'org/create', lazy: () => import('./routes/new-org') },
          {
            path: 'org/:org',
            lazy: () => import('./routes/org-layout'),
            children: [
              { path: 'members', lazy: () => import('./routes/org-members') },
              { path: 'teams', lazy: () => import('./routes/org-teams') },
              { path: 'teams/new', lazy: () => import('./routes/org-team-new') },
              { path: 'teams/:team', lazy: () => import('./routes/org-team') },
              { path: 'settings', lazy: () => import('./routes/org-settings') },
              { path: 'settings/hooks', lazy: () => import('./routes/org-settings-hooks') },
              { path: 'repo/create', lazy: () => import('./routes/org-new-repo') },
            ],
          },
          // An organization's page or a user's profile, whichever the name is (org-owner decides).
          { path: ':owner', lazy: () => import('./routes/org-owner') },
          {
            path: ':owner/:repo',
            lazy: () => import('./routes/repo-layout'),
            children: [
              { index: true, lazy: () => import('./routes/repo-code') },
              { path: 'src/:kind/*', lazy: () => import('./routes/repo-code') },
              { path: '_edit/*', lazy: () => import('./routes/repo-edit-file') },
              { path: '_new/*', lazy: () => import('./routes/repo-edit-file') },
              { path: '_upload/*', lazy: () => import('./routes/repo-upload-files') },
              { path: '_delete/*', lazy: () => import('./routes/repo-delete-file') },
              { path: 'commits/:kind/*', lazy: () => import('./routes/repo-commits') },
              { path: 'blame/:kind/*', lazy: () => import('./routes/repo-blame') },
              { path: 'tags', lazy: () => import('./routes/repo-tags') },
              { path: 'releases', lazy: () => import('./routes/repo-releases') },
              { path: 'releases/new', lazy: () => import('./routes/repo-release-edit') },
              { path: 'releases/edit/*', lazy: () => import('./routes/repo-release-edit') },
              { path: 'releases/tag/*', lazy: () => import('./routes/repo-release') },
              { path: 'search', lazy: () => import('./routes/repo-search') },
              { path: 'commit/:sha', lazy: () => import('./routes/repo-commit') },
              { path: 'branches', lazy: () => import('./routes/repo-branches') },
              { path: 'settings', lazy: () => import('./routes/repo-settings') },
              { path: 'settings/collaborators', lazy: () => import('./routes/repo-settings-collaborators') },
              { path: 'settings/hooks', lazy: () => import('./routes/repo-settings-hooks') },
              { path: 'settings/access', lazy: () => import('./routes/repo-access') },
              { path: 'settings/branches/:action?', lazy: () => import('./routes/repo-settings-branches') },
              { path: 'activity', lazy: () => import('./routes/repo-activity') },
              { path: 'stars', lazy: () => import('./routes/repo-stargazers') },
              { path: 'forks', lazy: () => import('./routes/repo-forks') },
              { path: 'fork', lazy: () => import('./routes/repo-fork-new') },
              { path: 'issues', lazy: () => import('./routes/repo-issues') },
              { path: 'issues/new', lazy: () => import('./routes/repo-issue-new') },
              { path: 'issues/:index', ErrorBoundary: RouteError, lazy: apart(loaders.issue, () => import('./routes/repo-issue')) },
              { path: 'pulls', lazy: () => import('./routes/repo-pulls') },
              { path: 'compare', lazy: () => import('./routes/repo-compare') },
              { path: 'compare/*', lazy: () => import('./routes/repo-compare') },
              {
                path: 'pulls/:index',
                ErrorBoundary: RouteError,
                lazy: apart(loaders.pullLayout, () => import('./routes/repo-pull-layout')),
                children: [
                  { index: true, ErrorBoundary: RouteError, lazy: apart(loaders.pullConversation, () => import('./routes/repo-pull-conversation')) },
                  { path: 'commits', lazy: () => import('./routes/repo-pull-commits') },
                  { path: 'files', lazy: () => import('./routes/repo-pull-files') },
                ],
              },
              { path: 'labels', lazy: () => import('./routes/repo-labels') },
              { path: 'milestones', lazy: () => import('./routes/repo-milestones') },
              { path: 'milestone/:id', lazy: () => import('./routes/repo-milestone') },
              { path: '*', lazy: () => import('./routes/not-found') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
