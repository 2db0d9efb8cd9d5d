import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ModelRecord } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { engineLimits, engineLine } from '../../../lib/platform-content.ts';

/**
 * The notice of a reference model (one of the platform's own offline engines): what kind
 * of engine it is (the title), the exact engine and version, and its limits, shown prominently
 * above the cards and the try panel. The engine string is long (package lists): it wraps anywhere.
 */
export function EngineCard({ model }: { model: ModelRecord }) {
  const { t } = useTranslation();
  if (!model.isReferenceModel || !model.engineCard) return null;
  const { kind } = model.engineCard;
  const engine = engineLine(t, model.engineCard);
  const limits = engineLimits(t, model.engineCard);
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 2, borderWidth: 2, '& .MuiAlert-message': { minWidth: 0 } }}
      data-testid="engine-card"
    >
      {/* The kind of engine (catalogue modelDetail.engine.kind.*); the engine line and limits from platformContent by the card's contentKey. */}
      <AlertTitle sx={{ fontWeight: 600 }}>
        {t('modelDetail.engine.title', { kind: t(`modelDetail.engine.kind.${kind}`, { defaultValue: kind }) })}
      </AlertTitle>
      <Typography variant="body2">
        {t('modelDetail.engine.lead')}{' '}
        <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {engine}
        </Box>
      </Typography>
      {limits.length > 0 && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
            {t('modelDetail.engine.limits')}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.25, pl: 2.5, overflowWrap: 'anywhere' }}>
            {limits.map((l) => (
              <li key={l}>
                <Typography variant="body2">{l}</Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}
