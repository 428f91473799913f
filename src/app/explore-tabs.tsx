// The tabs of the three explore pages (repositories, users, organizations).
import { TabLinks } from '@/components/ui/tab-links';
import { paths } from '@/lib/paths';

export function ExploreTabs({ current }: { current: 'repos' | 'users' | 'orgs' }) {
  return (
    <TabLinks
      label="Explore"
      current={current}
      tabs={[
        { key: 'repos', label: 'Repositories', to: paths.explore.href() },
        { key: 'users', label: 'Users', to: paths.exploreUsers.href() },
        { key: 'orgs', label: 'Organizations', to: paths.exploreOrgs.href() },
      ]}
    />
  );
}
