import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { TASK_REGISTRY, assertNever, type InferenceTask, type ModelRecord } from '@ulca/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { readTryLanguageHint } from '../lib/try-languages.ts';
import { ImageTryPanel } from './ImageTryPanel.tsx';
import { SpeechTryPanel } from './SpeechTryPanel.tsx';
import { StreamingAsrPanel } from './StreamingAsrPanel.tsx';
import { StreamingTtsPanel } from './StreamingTtsPanel.tsx';
import { TextTryPanel } from './TextTryPanel.tsx';

/** The model's processing type from its descriptor schema ('batch' or 'streaming'). */
function processingType(model: ModelRecord): string | undefined {
  const t = (model.inferenceEndPoint.schema as { modelProcessingType?: { type?: unknown } } | null)?.modelProcessingType?.type;
  return typeof t === 'string' ? t : undefined;
}

/** The batch try panel of a task: its kind in the task registry (packages/contracts models/tasks.ts). */
function BatchPanel({ model, task, hint }: { model: ModelRecord; task: InferenceTask; hint: TryLanguageHint }) {
  const kind = TASK_REGISTRY[task].tryPanel;
  switch (kind) {
    case 'speech':
      return <SpeechTryPanel key={model.modelId} model={model} task={task} hint={hint} />;
    case 'image':
      return <ImageTryPanel key={model.modelId} model={model} task={task} hint={hint} />;
    case 'text':
      return <TextTryPanel key={model.modelId} model={model} task={task} hint={hint} />;
    default:
      return assertNever(kind, 'try panel kind');
  }
}

/**
 * The try panel of the model's task (docs/product.md#model-detail-and-try-it-panels "Try-it panels"): speech, image or text input;
 * streaming asr and tts models get the streaming panels. The page's `?source=&target=` / `?language=`
 * (the Explore filter the visitor came from) preselect the panel's languages.
 */
export function TryPanel({ model }: { model: ModelRecord }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hint = readTryLanguageHint(params);
  const task = model.task.type;
  // Streaming asr and tts models are tried over the server's socket relay.
  const streaming = processingType(model) === 'streaming';
  return (
    <section aria-labelledby="try-title">
      <Typography id="try-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('try.title', { task: t(`try.task.${task}`) })}
      </Typography>
      {streaming && task !== 'asr' && task !== 'tts' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('try.streamingOnly')}
        </Alert>
      )}
      {streaming && task === 'asr' ? (
        <StreamingAsrPanel key={model.modelId} model={model} hint={hint} />
      ) : streaming && task === 'tts' ? (
        <StreamingTtsPanel key={model.modelId} model={model} hint={hint} />
      ) : (
        <BatchPanel key={model.modelId} model={model} task={task} hint={hint} />
      )}
    </section>
  );
}
