// Placeholder until the repository layout is built.
import { Outlet } from 'react-router';

export function Component() {
  return <Outlet />;
}
