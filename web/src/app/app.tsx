import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useRole } from '../lib/use-session';
import { createRouter } from './router';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function App() {
  const role = useRole();
  // The route table depends on the role: signing in or out swaps it.
  const router = useMemo(() => createRouter(role), [role]);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
