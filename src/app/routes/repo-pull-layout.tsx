// Placeholder until the pull request page lands: renders its tab.
import { Outlet } from 'react-router';

export function Component() {
  return <Outlet />;
}
