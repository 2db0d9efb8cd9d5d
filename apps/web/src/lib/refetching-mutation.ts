import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A TanStack mutation of `mutationFn` that, once it succeeded, refetches the queries under
 * `refetch` (e.g. the lists it changed); it stays pending until that refetch is done.
 */
export function useRefetchingMutation<V, R>(mutationFn: (variables: V) => Promise<R>, refetch: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: refetch }) });
}
