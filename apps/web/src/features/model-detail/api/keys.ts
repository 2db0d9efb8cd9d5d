/** TanStack Query keys of the model detail feature. */
export const modelDetailKeys = {
  all: ['model-detail'] as const,
  model: (modelId: string) => ['model-detail', 'model', modelId] as const,
  transliterationModel: (sourceLanguage: string, targetLanguage: string) =>
    ['model-detail', 'transliteration-model', sourceLanguage, targetLanguage] as const,
  feedbackQuestions: () => ['model-detail', 'feedback-questions'] as const,
  feedbackList: (modelId: string) => ['model-detail', 'feedback-list', modelId] as const,
  uptime: (modelId: string) => ['model-detail', 'uptime', modelId] as const,
};
