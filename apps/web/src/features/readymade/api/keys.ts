/** TanStack Query keys of the ready-made feature; marking a dataset invalidates `all`. */
export const readyMadeKeys = {
  all: ['readymade'] as const,
  list: () => ['readymade', 'list'] as const,
};
