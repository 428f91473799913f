// Renders a route component inside a memory router with a fresh QueryClient (retry off), as the
// app would, but without loaders: components fetch through the same query factories themselves.
import { Suspense, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

/** Renders a router made by the test (loaders, nested routes) the way renderRoute does. */
export function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
) {
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>Loading…</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export function renderRoute(Component: ComponentType, { path = '/', url = '/', extra = [] as { path: string; element: React.ReactNode }[] } = {}) {
  const router = createMemoryRouter([{ path, element: <Component /> }, ...extra, { path: '*', element: <LocationProbe /> }], { initialEntries: [url] });
  return renderRouter(router);
}

/** Where an unmatched navigation landed, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}
