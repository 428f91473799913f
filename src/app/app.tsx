import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { queryClient } from './query-client';
import { router } from './router';
import { useTheme } from '@/lib/theme';

export function App() {
  const { resolved } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster theme={resolved} position="bottom-right" richColors closeButton />
    </QueryClientProvider>
  );
}
