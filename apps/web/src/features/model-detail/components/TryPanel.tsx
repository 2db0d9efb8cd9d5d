import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { TASK_REGISTRY, assertNever, type InferenceTask, type ModelRecord } from '@ulca/contracts';
import { modelTaskLabel as taskLabel } from '../../../lib/model-tasks.ts';
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
function BatchPanel({ model, task }: { model: ModelRecord; task: InferenceTask }) {
  const kind = TASK_REGISTRY[task].tryPanel;
  switch (kind) {
    case 'speech':
      return <SpeechTryPanel key={model.modelId} model={model} task={task} />;
    case 'image':
      return <ImageTryPanel key={model.modelId} model={model} task={task} />;
    case 'text':
      return <TextTryPanel key={model.modelId} model={model} task={task} />;
    default:
      return assertNever(kind, 'try panel kind');
  }
}

/** The try panel of the model's task (docs/product.md#model-detail-and-try-it-panels "Try-it panels"): speech, image or text input; streaming asr and tts models get the streaming panels. */
export function TryPanel({ model }: { model: ModelRecord }) {
  const task = model.task.type;
  // Streaming asr and tts models are tried over the server's socket relay (issue #14).
  const streaming = processingType(model) === 'streaming';
  return (
    <section aria-labelledby="try-title">
      <Typography id="try-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Try the {taskLabel(task)} model
      </Typography>
      {streaming && task !== 'asr' && task !== 'tts' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This model streams over a socket. The browser panel sends your input in one request, which a streaming-only endpoint may not
          accept.
        </Alert>
      )}
      {streaming && task === 'asr' ? (
        <StreamingAsrPanel key={model.modelId} model={model} />
      ) : streaming && task === 'tts' ? (
        <StreamingTtsPanel key={model.modelId} model={model} />
      ) : (
        <BatchPanel key={model.modelId} model={model} task={task} />
      )}
    </section>
  );
}
