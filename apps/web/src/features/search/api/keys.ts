/** TanStack Query keys of the search feature, so a new search can refresh My Searches. */
export const searchKeys = {
  all: ['search'] as const,
  options: () => ['search', 'options'] as const,
  lists: () => ['search', 'list'] as const,
  list: (userId: string, page: number | 'all') => ['search', 'list', userId, page] as const,
  status: (srn: string) => ['search', 'status', srn] as const,
};
