import { useTranslation } from '../../../lib/i18n/i18n.ts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The placeholder of an empty Explore result (docs/product.md#explore-models "Empty results show a placeholder image"):
 * a drawn empty shelf and the spec's 'No records found.', with an optional hint.
 */
export function NoModelsPlaceholder({ hint }: { hint?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 5, px: 2 }}>
      <Box component="svg" viewBox="0 0 200 120" aria-hidden sx={{ width: 200, maxWidth: '60%', color: 'primary.main' }}>
        <rect x="20" y="96" width="160" height="6" rx="3" fill="currentColor" opacity="0.25" />
        <rect
          x="44"
          y="40"
          width="40"
          height="52"
          rx="6"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          opacity="0.55"
          strokeDasharray="6 5"
        />
        <rect
          x="92"
          y="28"
          width="40"
          height="64"
          rx="6"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          opacity="0.35"
          strokeDasharray="6 5"
        />
        <circle cx="150" cy="40" r="16" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.7" />
        <line x1="161" y1="52" x2="174" y2="66" stroke="currentColor" strokeWidth="4" strokeLinecap="round" opacity="0.7" />
      </Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('common.noRecords')}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 460 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
