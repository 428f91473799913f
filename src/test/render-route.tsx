// Renders a route component inside a memory router with a fresh QueryClient (retry off), as the
// app would, but without loaders: components fetch through the same query factories themselves.
import { Suspense, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

export function renderRoute(Component: ComponentType, { path = '/', url = '/', extra = [] as { path: string; element: React.ReactNode }[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element: <Component /> }, ...extra, { path: '*', element: <LocationProbe /> }], { initialEntries: [url] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>Loading…</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Where an unmatched navigation landed, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}
