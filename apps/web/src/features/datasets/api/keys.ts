/** TanStack Query keys of the dataset feature, so a submit can invalidate the lists. */
export const datasetKeys = {
  all: ['datasets'] as const,
  contributions: (userId: string) => ['datasets', 'contributions', userId] as const,
  status: (srn: string) => ['datasets', 'status', srn] as const,
  errorReport: (srn: string) => ['datasets', 'error-report', srn] as const,
};
