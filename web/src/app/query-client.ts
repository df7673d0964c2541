import { QueryClient } from '@tanstack/react-query';

/** The app's one cache of server answers: the screens read it, and a starting screen's first queries fill it early. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
