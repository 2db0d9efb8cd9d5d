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
import { useModel } from '../api/model.ts';
import { Benchmarkings } from '../components/Benchmarkings.tsx';
import { EngineCard } from '../components/EngineCard.tsx';
import { InfoCards } from '../components/InfoCards.tsx';
import { TryPanel } from '../components/TryPanel.tsx';
import { descriptionText } from '../lib/model-cards.ts';
import { modelDetailPath, originPath, readDetailState, type ModelDetailState } from '../../../lib/model-navigation.ts';

/**
 * The model page (docs/product.md#model-detail-and-try-it-panels "Model detail"), /search-model/:srno and its try view
 * /search-model/:srno/model: back to the list it came from, the name and Try Model, the
 * description and cards, and either the Benchmarkings section or the task's try panel with the
 * cards in a right-hand column. Renders the row passed in router state at once; an unknown model
 * gets a clear page.
 */
export default function ModelDetailPage() {
  const { srno = '', model: view } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { placeholder, origin } = readDetailState(location.state, srno);
  const query = useModel(srno, placeholder);
  const model = query.data;
  const tryView = view === 'model';
  usePageTitle(model ? `${model.name} ${model.version}` : 'Model');

  const back = (
    <Button startIcon={<ArrowBackIcon />} size="small" onClick={() => void navigate(originPath(origin))} sx={{ mb: 1 }}>
      {origin === 'my-contribution' ? 'Back to My Contribution' : 'Back to Model List'}
    </Button>
  );

  if (!model) {
    const notFound = query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
        {back}
        <Paper variant="outlined">
          {query.isPending ? (
            <LoadingState label="Loading model…" />
          ) : notFound ? (
            <MessageBlock
              kind="error"
              title="Model not found"
              hint="There is no published model with this id. It may have been unpublished, or the link is wrong."
              action={
                <Button component={RouterLink} to="/model/explore-models" variant="outlined">
                  Explore models
                </Button>
              }
            />
          ) : (
            <MessageBlock
              kind="error"
              title="The model could not be loaded"
              hint={errorMessage(query.error)}
              action={<Button onClick={() => void query.refetch()}>Try again</Button>}
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
            {model.status !== 'published' && (
              <Chip size="small" color="warning" label="Unpublished: only you and admins see it" sx={{ mt: 1 }} />
            )}
          </Box>
          {!tryView && (
            <Button
              variant="contained"
              onClick={() => void navigate(`${modelDetailPath(model.modelId, true)}${location.search}`, { state })}
              sx={{ flexShrink: 0 }}
            >
              Try Model
            </Button>
          )}
        </Stack>
      </Paper>
      <EngineCard model={model} />
      {tryView ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <TryPanel model={model} />
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <InfoCards model={model} column />
          </Grid>
        </Grid>
      ) : (
        <>
          <Typography variant="h6" component="h2">
            Description
          </Typography>
          <Typography sx={{ mt: 1, mb: 3, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{descriptionText(model)}</Typography>
          <InfoCards model={model} />
          <Benchmarkings model={model} />
        </>
      )}
    </Container>
  );
}
