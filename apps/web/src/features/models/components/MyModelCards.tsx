import type { ModelRecord } from '@ulca/contracts';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { domainText, formatEpochDay, licenseText } from '../lib/format.ts';
import { modelActions } from '../lib/my-models.ts';
import { taskLabel } from '../lib/tasks.ts';
import { ActionCell, type MyModelsActions } from './MyModelsTable.tsx';
import { ModelStatus } from './ModelStatus.tsx';

/**
 * The card view of My Models (spec 02 §2): one card per model of the page; a click on the card
 * opens the model (`onOpen`, /search-model/{modelId}); the actions stay at the card's foot.
 */
export function MyModelCards({
  rows,
  highlighted,
  onOpen,
  actions,
}: {
  rows: readonly ModelRecord[];
  highlighted: string | null;
  onOpen: (row: ModelRecord) => void;
  actions: MyModelsActions;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2, mb: 1 }}>
      {rows.map((row) => {
        const isHighlighted = row.modelId === highlighted;
        return (
          <Card
            key={row.modelId}
            variant="outlined"
            data-highlighted={isHighlighted || undefined}
            ref={(el: HTMLDivElement | null) => {
              if (el && isHighlighted) el.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
            }}
            sx={{ display: 'flex', flexDirection: 'column', bgcolor: isHighlighted ? (t) => alpha(t.palette.warning.main, 0.16) : undefined, transition: 'background-color 600ms ease' }}
          >
            <CardActionArea onClick={() => onOpen(row)} sx={{ flex: 1, alignItems: 'flex-start' }}>
              <CardContent>
                <Typography variant="overline" color="primary" sx={{ lineHeight: 1.5 }}>
                  {taskLabel(row.task.type)}
                </Typography>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {row.name}
                </Typography>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 1, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
                  <Typography component="dt" variant="body2">Version</Typography>
                  <Typography component="dd" variant="body2">{row.version}</Typography>
                  <Typography component="dt" variant="body2">Domain</Typography>
                  <Typography component="dd" variant="body2">{domainText(row.domain)}</Typography>
                  <Typography component="dt" variant="body2">License</Typography>
                  <Typography component="dd" variant="body2">{licenseText(row.license)}</Typography>
                  <Typography component="dt" variant="body2">Submitted On</Typography>
                  <Typography component="dd" variant="body2">{formatEpochDay(row.submittedOn)}</Typography>
                </Box>
              </CardContent>
            </CardActionArea>
            <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
              <ModelStatus status={row.status} reason={row.unpublishReason} />
              <ActionCell row={row} act={modelActions(row)} actions={actions} />
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
