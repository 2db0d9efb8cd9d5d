import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from './QueryState.tsx';
import { MessageBlock, NoMatches, type MessageBlockProps, type NoMatchesProps } from './StateViews.tsx';

/** Which empty block a list shows: 'none' (it has no rows at all), 'no-match' (its search and filters keep none) or none (undefined). */
export type ListEmpty = 'none' | 'no-match' | undefined;

/** The {@link ListEmpty} of a list of `total` rows of which the search and filters keep `matched`. */
export function listEmpty(total: number, matched: number): ListEmpty {
  return total === 0 ? 'none' : matched === 0 ? 'no-match' : undefined;
}

/**
 * The {@link QueryState} of a list page (docs/architecture.md#web-app, "Data states"): loading, error, then, as
 * `empty` says, the block `none` (e.g. with a link to submit one), the block `noMatch` (a clear button
 * when it has `onClear`), or the rows (`children`).
 */
export function ListQueryState<T>({
  query,
  loading,
  errorTitle,
  empty,
  none,
  noMatch,
  children,
}: {
  query: QueryLike<T>;
  loading: string;
  errorTitle: string;
  empty: ListEmpty;
  none: MessageBlockProps;
  noMatch: Omit<NoMatchesProps, 'onClear'> & { onClear?: () => void };
  children: (data: T) => ReactNode;
}) {
  const { onClear, clearText, ...noMatchBlock } = noMatch;
  const block =
    empty === 'none' ? (
      <MessageBlock {...none} />
    ) : empty === 'no-match' ? (
      onClear ? (
        <NoMatches {...noMatchBlock} onClear={onClear} clearText={clearText} />
      ) : (
        <MessageBlock {...noMatchBlock} />
      )
    ) : undefined;
  return (
    <QueryState query={query} loading={loading} errorTitle={errorTitle} empty={block}>
      {children}
    </QueryState>
  );
}
