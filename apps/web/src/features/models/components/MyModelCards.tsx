import type { ModelRecord } from '@ulca/contracts';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CARD_GRID_COLUMNS, CardFields } from '../../../components/CardGrid.tsx';
import { domainText, formatEpochDay, licenseText } from '../lib/format.ts';
import { modelActions } from '../lib/my-models.ts';
import { modelTaskText } from '../lib/tasks.ts';
import { ActionCell, type MyModelsActions } from './MyModelsTable.tsx';
import { ModelStatus } from './ModelStatus.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/**
 * The card view of My Models (docs/product.md#model-screens): one card per model of the page; a click on the card
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
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: CARD_GRID_COLUMNS, gap: 2, mb: 1 }}>
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
            sx={{
              display: 'flex',
              flexDirection: 'column',
              bgcolor: isHighlighted ? (t) => alpha(t.palette.warning.main, 0.16) : undefined,
              transition: 'background-color 600ms ease',
            }}
          >
            <CardActionArea onClick={() => onOpen(row)} sx={{ flex: 1, alignItems: 'flex-start' }}>
              <CardContent>
                <Typography variant="overline" color="primary" sx={{ lineHeight: 1.5 }}>
                  {modelTaskText(row.task.type)}
                </Typography>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {row.name}
                </Typography>
                <CardFields
                  fields={[
                    { label: t('models.col.version'), value: row.version },
                    { label: t('models.col.domain'), value: domainText(row.domain) },
                    { label: t('models.col.license'), value: licenseText(row.license) },
                    { label: t('models.col.submittedOn'), value: formatEpochDay(row.submittedOn) },
                  ]}
                />
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
