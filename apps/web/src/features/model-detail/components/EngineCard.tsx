import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { ModelRecord } from '@ulca/contracts';

const KIND_TEXT: Record<string, string> = {
  'trained-model': 'a trained model',
  'rule-based': 'a rule-based engine',
  heuristic: 'a heuristic',
};

/**
 * The notice of a reference model (one of the platform's own offline engines, issue #12): what kind
 * of engine it is and its limits, shown prominently above the cards and the try panel.
 */
export function EngineCard({ model }: { model: ModelRecord }) {
  if (!model.isReferenceModel || !model.engineCard) return null;
  const { kind, engine, limits } = model.engineCard;
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2, borderWidth: 2 }} data-testid="engine-card">
      <AlertTitle>
        Reference model: {engine} — {KIND_TEXT[kind] ?? kind}
      </AlertTitle>
      This model is one of the platform&apos;s own offline engines, not a contributor&apos;s model.
      {limits.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {limits.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
