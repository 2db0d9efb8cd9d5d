import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import type { InferenceTask } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { tryErrorText } from '../lib/try-errors.ts';
import { tryLanguageName } from '../lib/try-languages.ts';
import { outputText, type TryOutput } from '../lib/inference-output.ts';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import { OutputView } from './OutputView.tsx';

/**
 * The result area of a try panel: a progress bar while the model works, the spec's error text on
 * failure (in people's words, try-errors.ts), the output, and the Feedback button that opens the feedback dialog.
 */
export function TryResult({
  task,
  modelId,
  pending,
  error,
  output,
  input,
}: {
  task: InferenceTask;
  modelId: string;
  pending: boolean;
  error: unknown;
  output: TryOutput | undefined;
  /** The input as text for the feedback record (null for a recording or file). */
  input: string | null;
}) {
  const { t } = useTranslation();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <Box sx={{ mt: 3 }} aria-live="polite">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('try.result.output')}
      </Typography>
      {pending && (
        <Box role="status" sx={{ py: 2 }}>
          <LinearProgress />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('try.result.wait')}
          </Typography>
        </Box>
      )}
      {!pending && error != null && <Alert severity="error">{tryErrorText(error, task, t, tryLanguageName)}</Alert>}
      {!pending && error == null && !output && (
        <Typography variant="body2" color="text.secondary">
          {t('try.result.empty')}
        </Typography>
      )}
      {!pending && error == null && output && (
        <>
          <OutputView output={output} />
          <Button sx={{ mt: 1.5 }} size="small" startIcon={<RateReviewOutlinedIcon />} onClick={() => setFeedbackOpen(true)}>
            {t('try.result.feedback')}
          </Button>
          {feedbackOpen && (
            <FeedbackDialog
              open
              onClose={() => setFeedbackOpen(false)}
              task={task}
              modelId={modelId}
              input={input}
              output={outputText(output) || null}
              editable={output.kind === 'text' || output.kind === 'suggestions'}
            />
          )}
        </>
      )}
    </Box>
  );
}
