// The URL state a filter should build on: while a navigation within this page is still loading (a
// tab or filter just chosen, its loader running), the search of the page on its way, else the
// page's own. So two choices made quickly both count: the latest builds on the first, instead of
// on the page still shown (which would drop the first).
import { useLocation, useNavigation, useSearchParams } from 'react-router';

export function useLatestSearchParams(): URLSearchParams {
  const [current] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  return pending && pending.pathname === pathname ? new URLSearchParams(pending.search) : current;
}
