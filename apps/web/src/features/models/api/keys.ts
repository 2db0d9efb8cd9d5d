/** TanStack Query keys of the models feature, so a submit or a status change can refetch the lists. */
export const modelKeys = {
  all: ['models'] as const,
  mine: (userId: string) => ['models', 'mine', userId] as const,
  search: (task: string) => ['models', 'search', task] as const,
  health: ['models', 'health'] as const,
};
