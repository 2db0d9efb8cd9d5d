import { useEffect, useMemo, useRef, useState } from 'react';
import { pageOfIndex } from '../lib/paging.ts';

/** How long the row of a just-submitted item stays highlighted, in ms. */
export const ADDED_HIGHLIGHT_MS = 4000;

/**
 * The highlight of the row a submission just added (`added`, the id in the URL, e.g.
 * /dataset/my-contribution/{srn}): as soon as `ids` (the ids of the rows loaded so far; a fresh
 * submission may only appear on a later refetch) holds it, calls `onFound` with its index once
 * (e.g. to turn to its page) and returns `added` for {@link ADDED_HIGHLIGHT_MS}; null otherwise.
 */
export function useAddedHighlight(added: string | undefined, ids: readonly string[], onFound?: (index: number) => void): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!added || handled.current === added) return;
    const index = ids.indexOf(added);
    if (index < 0) return;
    handled.current = added;
    onFound?.(index);
    setHighlighted(added);
  }, [added, ids, onFound]);

  useEffect(() => {
    if (!highlighted) return;
    const t = setTimeout(() => setHighlighted(null), ADDED_HIGHLIGHT_MS);
    return () => clearTimeout(t);
  }, [highlighted]);

  return highlighted;
}

/**
 * {@link useAddedHighlight} over a paged list: finds `added` among the ids (`idOf`) of `rows` and
 * turns to its page of `pageSize` rows with `setPage`.
 */
export function useAddedRowHighlight<R>(
  added: string | undefined,
  rows: readonly R[],
  idOf: (row: R) => string,
  pageSize: number,
  setPage: (page: number) => void,
): string | null {
  const ids = useMemo(() => rows.map(idOf), [rows, idOf]);
  return useAddedHighlight(added, ids, (index) => setPage(pageOfIndex(index, pageSize)));
}
