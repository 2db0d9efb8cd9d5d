import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { ErrorState } from './ErrorState.tsx';
import { LoadingState } from './LoadingState.tsx';

/** The parts of a TanStack query result that {@link QueryState} reads. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The loading → error → empty → content chain every data screen shows (docs/architecture.md#web-app, "Data
 * states": each screen has a loading, an error and an empty state):
 * - while `query` is pending, {@link LoadingState} with `loading` as its label;
 * - when it failed (and, with `keepDataOnError`, has no data from an earlier success), {@link ErrorState} titled `errorTitle` with the error's text (`errorText`,
 *   default lib/api-client's errorMessage) and a Try again button, unless `noRetry(error)` is true
 *   (e.g. a 401/403: asking again will not help);
 * - when it succeeded and `empty` is given (decided by the caller from the data it shows), `empty`;
 * - otherwise `children(data)`.
 */
export function QueryState<T>({
  query,
  loading,
  errorTitle,
  errorText = errorMessage,
  noRetry,
  keepDataOnError = false,
  empty,
  children,
}: {
  query: QueryLike<T>;
  loading: string;
  errorTitle?: string;
  errorText?: (error: unknown) => string;
  noRetry?: (error: unknown) => boolean;
  /** Keep showing the data of an earlier success when a refetch fails (the caller shows that error itself). */
  keepDataOnError?: boolean;
  /** What to show instead of the content: pass it only when there is nothing to show. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError && !(keepDataOnError && query.data !== undefined)) {
    const retry = noRetry?.(query.error) ? undefined : () => void query.refetch();
    return <ErrorState title={errorTitle} message={errorText(query.error)} onRetry={retry} />;
  }
  if (empty !== undefined && empty !== null && empty !== false) return <>{empty}</>;
  return <>{children(query.data as T)}</>;
}
