import { useState } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { InferenceTask } from '@ulca/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { RatingDialog } from '../../../components/RatingDialog.tsx';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { useSubmitFeedback } from '../api/feedback.ts';
import { useFeedbackQuestions } from '../api/shared-hooks.ts';
import { buildFeedbackBody, feedbackQuestionsFor } from '../lib/feedback.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';

/** Rating at or below this asks for detail (docs/product.md#constants-and-limits). */
const DETAIL_AT_OR_BELOW = 3;

/**
 * The feedback dialog after a result (docs/product.md#screens, docs/product.md#constants-and-limits): a 1–5 rating on the task's question from
 * the app config (Submit enabled once rated), suggest-an-edit (its Clear disabled while blank; opened
 * by itself for a rating of 3 or less; the suggestion is sent with the dialog's one Submit) and
 * comments. Posts feedback/submit; a success toast with the catalogue's thanks.
 */
export function FeedbackDialog({
  open,
  onClose,
  task,
  modelId,
  input,
  output,
  editable,
}: {
  open: boolean;
  onClose: () => void;
  task: InferenceTask;
  modelId: string;
  input: string | null;
  output: string | null;
  /** Whether the output is text the user can correct (not audio or a prediction list). */
  editable: boolean;
}) {
  const { t } = useTranslation();
  const questionsQuery = useFeedbackQuestions(open);
  const questions = feedbackQuestionsFor(task, questionsQuery.data);
  const submit = useSubmitFeedback();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [suggesting, setSuggesting] = useState(false);
  const [suggestion, setSuggestion] = useState(editable ? (output ?? '') : '');

  const send = (withSuggestion: boolean) => {
    submit.mutate(
      buildFeedbackBody({ task, modelId, input, output, questions, rating, comment, suggestedOutput: withSuggestion ? suggestion : '' }),
      {
        onSuccess: () => {
          // The catalogue's thanks, not the server's English message.
          enqueueSnackbar(t('modelDetail.feedback.thanks'), { variant: 'success' });
          setRating(0);
          setComment('');
          setSuggesting(false);
          onClose();
        },
      },
    );
  };

  const showSuggest = suggesting || (rating > 0 && rating <= DETAIL_AT_OR_BELOW);
  return (
    <RatingDialog
      open={open}
      onClose={onClose}
      titleId="feedback-title"
      title={t('modelDetail.feedback.title')}
      lead={t('modelDetail.feedback.lead')}
      questionId="rating-question"
      // The question is kept in English in the stored feedback; shown in the interface language.
      question={t(`modelDetail.feedback.q.${task}`, { defaultValue: questions.rating })}
      ratingName="feedback-rating"
      ratingValue={rating || null}
      onRate={setRating}
      error={submit.isError ? localizeMessage(errorMessage(submit.error)) : undefined}
      submitLabel={submit.isPending ? t('modelDetail.feedback.submitting') : t('common.submit')}
      submitDisabled={rating <= 0 || submit.isPending}
      onSubmit={() => send(showSuggest)}
    >
      {!showSuggest && (
        <div>
          <Button size="small" variant="outlined" onClick={() => setSuggesting(true)}>
            {t('modelDetail.feedback.suggest')}
          </Button>
        </div>
      )}
      <Collapse in={showSuggest} unmountOnExit>
        <Stack spacing={1}>
          <TextField
            label={t('modelDetail.feedback.suggest')}
            helperText={editable ? t('modelDetail.feedback.suggestEditable') : t('modelDetail.feedback.suggestExpected')}
            value={suggestion}
            onChange={(e) => setSuggestion(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 10000 } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" disabled={!suggestion.trim() || submit.isPending} onClick={() => setSuggestion('')}>
              {t('modelDetail.feedback.clear')}
            </Button>
          </Stack>
        </Stack>
      </Collapse>
      <TextField
        label={t('modelDetail.feedback.q.comments', { defaultValue: questions.comments })}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
    </RatingDialog>
  );
}
