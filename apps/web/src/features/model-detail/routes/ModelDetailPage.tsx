import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useModel } from '../api/model.ts';
import { useModelFeedback } from '../api/feedback.ts';
import { useModelUptime7d } from '../api/uptime.ts';
import { Benchmarkings } from '../components/Benchmarkings.tsx';
import { EngineCard } from '../components/EngineCard.tsx';
import { InfoCards } from '../components/InfoCards.tsx';
import { descriptionText } from '../lib/model-cards.ts';
import { modelDetailPath, originPath, readDetailState, type ModelDetailState } from '../../../lib/model-navigation.ts';
import { loadTryPanel } from '../lib/load-try-panel.ts';

// The try panels (inputs, recorder, streaming, feedback) load with the try view only: the model's
// card, which most visits open, does not evaluate them (docs/benchmarks.md#web).
const TryPanel = lazy(() => loadTryPanel().then((m) => ({ default: m.TryPanel })));
// The feedback table brings the data grid: loaded only on the owner's feedback view.
const OwnerFeedback = lazy(() => import('../components/OwnerFeedback.tsx').then((m) => ({ default: m.OwnerFeedback })));

/**
 * The model page (docs/product.md#model-detail-and-try-it-panels "Model detail"), /search-model/:srno and its try view
 * /search-model/:srno/model: back to the list it came from, the name and Try Model, the
 * description and cards, and either the Benchmarkings section or the task's try panel with the
 * cards in a right-hand column. Renders the row passed in router state at once; an unknown model
 * gets a clear page. For its owner (the feedback list answers them), a Feedback button opens the
 * view /search-model/:srno/feedback: the feedback users left. The cards add the
 * 7-day uptime of a published model (docs/product.md#models-health).
 */
export default function ModelDetailPage() {
  const { srno = '', model: view } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { placeholder, origin } = readDetailState(location.state, srno);
  const query = useModel(srno, placeholder);
  const model = query.data;
  const tryView = view === 'model';
  const feedbackView = view === 'feedback';
  const { t } = useTranslation();
  const signedIn = !!useSession();
  // Answered for the model's owner (and admins) only: a 403 hides the Feedback button.
  const feedback = useModelFeedback(srno, signedIn);
  const uptime = useModelUptime7d(srno, model?.status === 'published');
  const uptime7d = typeof uptime.data === 'number' ? t('models.uptime', { value: (uptime.data * 100).toFixed(1) }) : undefined;
  usePageTitle(model ? `${model.name} ${model.version}` : t('modelDetail.model'));

  // One name per page: the page the user came from is 'My Models'.
  const back = (
    <Button startIcon={<ArrowBackIcon />} size="small" onClick={() => void navigate(originPath(origin))} sx={{ mb: 1 }}>
      {origin === 'my-contribution' ? t('modelDetail.backToMyModels') : t('modelDetail.backToList')}
    </Button>
  );

  if (!model) {
    const notFound = query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
        {back}
        <Paper variant="outlined">
          {query.isPending ? (
            <LoadingState label={t('modelDetail.loading')} />
          ) : notFound ? (
            <MessageBlock
              kind="error"
              title={t('modelDetail.notFound')}
              hint={t('modelDetail.notFoundHint')}
              action={
                <Button component={RouterLink} to="/model/explore-models" variant="outlined">
                  {t('modelDetail.exploreModels')}
                </Button>
              }
            />
          ) : (
            <MessageBlock
              kind="error"
              title={t('modelDetail.loadFailed')}
              hint={localizeMessage(errorMessage(query.error))}
              action={<Button onClick={() => void query.refetch()}>{t('common.tryAgain')}</Button>}
            />
          )}
        </Paper>
      </Container>
    );
  }

  const state: ModelDetailState = { model, prevUrl: origin };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      {back}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {model.name} {model.version}
            </Typography>
            {model.status !== 'published' && <Chip size="small" color="warning" label={t('modelDetail.unpublished')} sx={{ mt: 1 }} />}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {feedback.isSuccess && !feedbackView && !tryView && (
              <Button
                variant="outlined"
                onClick={() => void navigate(`${modelDetailPath(model.modelId)}/feedback`, { state })}
                data-testid="open-feedback"
              >
                {t('modelDetail.feedbackButton', { count: feedback.data.count })}
              </Button>
            )}
            {!tryView && (
              <Button
                variant="contained"
                onClick={() => void navigate(`${modelDetailPath(model.modelId, true)}${location.search}`, { state })}
              >
                {t('modelDetail.tryModel')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      <EngineCard model={model} />
      {tryView ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Suspense fallback={<LoadingState label={t('common.loadingPage')} />}>
                <TryPanel model={model} />
              </Suspense>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <InfoCards model={model} column uptime7d={uptime7d} />
          </Grid>
        </Grid>
      ) : feedbackView ? (
        <Suspense fallback={<LoadingState label={t('models.feedback.loading')} />}>
          <OwnerFeedback model={model} />
        </Suspense>
      ) : (
        <>
          <Typography variant="h6" component="h2">
            {t('modelDetail.description')}
          </Typography>
          <Typography sx={{ mt: 1, mb: 3, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{descriptionText(model)}</Typography>
          <InfoCards model={model} uptime7d={uptime7d} />
          <Benchmarkings model={model} />
        </>
      )}
    </Container>
  );
}
