// The profile's tabs, kept in ?tab= as Gitea's profile does (repositories is the default).
import { TabLinks } from '@/components/ui/tab-links';

export const profileTabs = ['repositories', 'stars', 'followers', 'following', 'activity'] as const;
export type ProfileTab = (typeof profileTabs)[number];

export function profileTab(params: URLSearchParams): ProfileTab {
  const t = params.get('tab');
  return (profileTabs as readonly string[]).includes(t ?? '') ? (t as ProfileTab) : 'repositories';
}

const labels: Record<ProfileTab, string> = {
  repositories: 'Repositories',
  stars: 'Stars',
  followers: 'Followers',
  following: 'Following',
  activity: 'Activity',
};

export function ProfileTabs({ current }: { current: ProfileTab }) {
  return (
    <TabLinks label="Profile" current={current} tabs={profileTabs.map((t) => ({ key: t, label: labels[t], to: t === 'repositories' ? '?' : `?tab=${t}` }))} />
  );
}
