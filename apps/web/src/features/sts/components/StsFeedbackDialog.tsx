import { useState } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { RatingDialog } from '../../../components/RatingDialog.tsx';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { useStsSlots } from '../lib/slots.ts';
import { useSubmitStsFeedback } from '../api/sts.ts';
import { DETAIL_AT_OR_BELOW, STS_STAGES, buildStsFeedbackBody, type StsStage } from '../lib/sts.ts';

/** The per-stage labels of the detailed ratings (docs/product.md#screens: speech-to-text, translated text, translated speech). */
const STAGE_LABELS: Record<StsStage, string> = { asr: 'Speech to text', translation: 'Translated text', tts: 'Translated speech' };

/**
 * The speech-to-speech feedback dialog (docs/product.md#speech-to-speech, docs/product.md#entities-and-fields, docs/product.md#constants-and-limits): an overall 1–5 rating (Submit enabled
 * once rated); a rating of 3 or less opens one rating per stage (asr, translation, tts), sent as
 * `detailedFeedback`; above 3 a 'feedback' link (opens the same per-stage ratings), suggest-an-edit
 * of the translation (its Clear disabled while blank; sent with the dialog's one Submit) and
 * comments. Sent without the user's identity, taskType 'sts'.
 */
export function StsFeedbackDialog({
  open,
  onClose,
  models,
  sourceText,
  translation,
}: {
  open: boolean;
  onClose: () => void;
  models: Partial<Record<StsStage, string>>;
  sourceText: string;
  translation: string;
}) {
  const { t } = useTranslation();
  // The questions are the model page's (features/model-detail), bound by the app shell.
  // The master data's questions are sent as they are; shown in the interface language when the catalogue knows them.
  const shown = (code: string, fallbackKey: string) => questions?.find((q) => q.code === code)?.question ?? t(fallbackKey);
  const { useFeedbackQuestions } = useStsSlots();
  const questions = useFeedbackQuestions(open).data;
  const question = (code: string, fallback: string) => questions?.find((q) => q.code === code)?.question ?? fallback;
  const submit = useSubmitStsFeedback();
  const [rating, setRating] = useState(0);
  const [stageRatings, setStageRatings] = useState<Record<StsStage, number>>({ asr: 0, translation: 0, tts: 0 });
  const [detailOpen, setDetailOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [suggestion, setSuggestion] = useState('');
  const stages = STS_STAGES.filter((s) => models[s]);

  const reset = () => {
    setRating(0);
    setStageRatings({ asr: 0, translation: 0, tts: 0 });
    setDetailOpen(false);
    setComment('');
    setSuggestion('');
    submit.reset();
  };
  const send = (withSuggestion: boolean) => {
    const body = buildStsFeedbackBody({
      models,
      sourceText,
      translation,
      question: question('sts', 'How good was this speech-to-speech result overall?'),
      rating,
      // The per-stage detail is sent for low ratings, or when the user opened it with the link.
      stages: stages.map((s) => ({ stage: s, question: question(s, `Rate ${STAGE_LABELS[s]}`), rating: stageRatings[s] })),
      comment,
      commentsQuestion: question('comments', 'Add your comments'),
      suggestedOutput: withSuggestion ? suggestion : '',
    });
    if (detailOpen && rating > DETAIL_AT_OR_BELOW) {
      body.detailedFeedback = stages
        .filter((s) => stageRatings[s] > 0)
        .map((s) => ({
          taskType: s,
          modelId: models[s],
          feedback: [{ feedbackQuestion: question(s, `Rate ${STAGE_LABELS[s]}`), feedbackQuestionResponse: stageRatings[s] }],
        }));
    }
    submit.mutate(body, {
      onSuccess: (res) => {
        enqueueSnackbar(localizeMessage(res.message) || t('sts.feedbackDialog.thanks'), { variant: 'success', autoHideDuration: 3000 });
        reset();
        onClose();
      },
    });
  };

  const low = rating > 0 && rating <= DETAIL_AT_OR_BELOW;
  return (
    <RatingDialog
      open={open}
      onClose={onClose}
      titleId="sts-feedback-title"
      title={t('sts.feedback')}
      lead={t('sts.feedbackDialog.intro')}
      questionId="sts-rating-question"
      question={shown('sts', 'sts.feedbackDialog.overall')}
      ratingName="sts-rating"
      ratingValue={rating}
      onRate={setRating}
      error={submit.isError ? localizeMessage(errorMessage(submit.error)) : undefined}
      submitLabel={t('common.submit')}
      submitDisabled={rating <= 0 || submit.isPending}
      onSubmit={() => send(rating > DETAIL_AT_OR_BELOW)}
    >
      {rating > DETAIL_AT_OR_BELOW && (
        <Link component="button" type="button" variant="body2" onClick={() => setDetailOpen((o) => !o)} sx={{ alignSelf: 'flex-start' }}>
          {detailOpen ? t('sts.feedbackDialog.hideDetail') : t('sts.feedbackDialog.showDetail')}
        </Link>
      )}
      <Collapse in={low || detailOpen} unmountOnExit>
        <Stack spacing={1.5} sx={{ pl: 1, borderLeft: 3, borderColor: 'divider' }} aria-label={t('sts.feedbackDialog.rateEach')}>
          {stages.map((s) => (
            <div key={s}>
              <Typography component="legend" variant="body2" id={`sts-stage-${s}`}>
                {t(`sts.feedbackDialog.stage.${s}`)} —{' '}
                {questions?.find((q) => q.code === s)?.question ??
                  t('sts.feedbackDialog.rate', { stage: t(`sts.feedbackDialog.stage.${s}`) })}
              </Typography>
              <Rating
                name={`sts-stage-${s}`}
                value={stageRatings[s]}
                onChange={(_e, v) => setStageRatings((r) => ({ ...r, [s]: v ?? 0 }))}
                aria-labelledby={`sts-stage-${s}`}
              />
            </div>
          ))}
        </Stack>
      </Collapse>
      {rating > DETAIL_AT_OR_BELOW && (
        <>
          <Stack spacing={1}>
            <TextField
              label={t('sts.feedbackDialog.suggest')}
              value={suggestion}
              onChange={(e) => setSuggestion(e.target.value)}
              multiline
              minRows={2}
              fullWidth
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setSuggestion('')} disabled={!suggestion.trim()}>
                {t('sts.feedbackDialog.clear')}
              </Button>
            </Stack>
          </Stack>
          <TextField
            label={shown('comments', 'sts.feedbackDialog.comments')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            fullWidth
          />
        </>
      )}
    </RatingDialog>
  );
}
