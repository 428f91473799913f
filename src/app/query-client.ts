import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api/api-error';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // 4xx answers will not change on retry.
        retry: (count, err) => !(isApiError(err) && err.status < 500) && count < 2,
      },
    },
  });
}

/** The app's client; loaders prefetch into it. */
export const queryClient = createQueryClient();
