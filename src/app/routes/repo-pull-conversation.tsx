// Placeholder until this page lands.
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  return <EmptyState title="Not built yet" />;
}
