import { useState } from 'react';
import type { FilterSelection } from '../lib/filter-selection.ts';

/**
 * The search term, filter and zero-based page of a list page. `applyFilter` sets a filter and returns
 * to the first page; `clearAll` empties the term and the filter (the "Clear search and filters" button).
 */
export function useListControls<K extends string>() {
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState<FilterSelection<K>>({});
  const [page, setPage] = useState(0);
  const applyFilter = (f: FilterSelection<K>) => {
    setFilter(f);
    setPage(0);
  };
  const clearAll = () => {
    setTerm('');
    applyFilter({});
  };
  return { term, setTerm, filter, setFilter, applyFilter, clearAll, page, setPage };
}

/** The state {@link useListControls} returns. */
export type ListControls<K extends string> = ReturnType<typeof useListControls<K>>;
