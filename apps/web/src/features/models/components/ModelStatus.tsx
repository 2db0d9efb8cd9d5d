import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { modelStatusColor } from '../lib/my-models.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/**
 * A model's status as a coloured chip (docs/product.md#states-and-transitions); for a model that is not published and has an
 * unpublish reason, an info icon whose tooltip reads the reason (docs/product.md#model-screens).
 */
export function ModelStatus({ status, reason }: { status: string; reason?: string | null }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Chip
        size="small"
        label={t(`models.status.${status}`, { defaultValue: status })}
        color={modelStatusColor(status)}
        variant="outlined"
        // The border carries the colour; the text stays dark enough to read (orange on white is below 4.5:1, WCAG AA).
        sx={{ fontWeight: 600, textTransform: 'capitalize', '& .MuiChip-label': { color: 'text.primary' } }}
      />
      {status !== 'published' && reason ? (
        <Tooltip title={t('models.my.reason', { reason })} arrow placement="right">
          <InfoOutlinedIcon
            fontSize="small"
            color="action"
            tabIndex={0}
            aria-label={t('models.my.unpublishReason', { reason })}
            sx={{ cursor: 'help' }}
          />
        </Tooltip>
      ) : null}
    </Box>
  );
}
