import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ViewerRecord } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { columnValueName, formatViewerNumber } from '../lib/names.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

/** Colours of NER tags by entity type (B-/I- prefixes share one). */
const TAG_COLOURS: Record<string, string> = { PER: '#e3f2fd', LOC: '#e8f5e9', ORG: '#fff3e0', MISC: '#f3e5f5' };
const tagColour = (tag: string) => TAG_COLOURS[tag.replace(/^[BIES]-/, '')] ?? '#eceff1';

/** Two texts side by side (parallel, transliteration, glossary); one above the other on a phone. */
function Pair({ left, right }: { left: string; right: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: { xs: 0.5, sm: 2 } }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {left}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {right}
      </Typography>
    </Box>
  );
}

/** An OCR image with its bounding box drawn over it (the box's vertices are in image pixels). */
function OcrImage({ src, data }: { src: string; data: Record<string, unknown> }) {
  const box = (data.boundingBox as { vertices?: { x: number; y: number }[] } | undefined)?.vertices ?? [];
  return (
    <Box>
      <Box sx={{ position: 'relative', display: 'inline-block', maxWidth: '100%' }}>
        <img
          src={src}
          alt={str(data.groundTruth)}
          style={{ maxWidth: '100%', display: 'block' }}
          onLoad={(e) => {
            const img = e.currentTarget;
            const svg = img.nextElementSibling;
            if (svg) svg.setAttribute('viewBox', `0 0 ${img.naturalWidth} ${img.naturalHeight}`);
          }}
        />
        {box.length > 1 && (
          <svg
            data-testid="ocr-box"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <polygon
              points={box.map((v) => `${v.x},${v.y}`).join(' ')}
              fill="rgba(25,118,210,0.12)"
              stroke="#1976d2"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        )}
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {str(data.groundTruth)}
      </Typography>
    </Box>
  );
}

/** NER tokens coloured by tag. */
function NerTokens({ data }: { data: Record<string, unknown> }) {
  const tokens = Array.isArray(data.nerData) ? (data.nerData as { token?: string; tag: string; tokenIndex?: number }[]) : [];
  const words = typeof data.sourceText === 'string' ? data.sourceText.split(' ') : [];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {tokens.map((t, i) => (
        <Box key={i} component="span" title={t.tag} sx={{ bgcolor: tagColour(t.tag), borderRadius: 1, px: 0.5, fontSize: 14 }}>
          {t.token ?? words[t.tokenIndex ?? -1] ?? ''}
          {t.tag !== 'O' && (
            <Box component="span" sx={{ ml: 0.5, fontSize: 11, color: 'text.secondary' }}>
              {t.tag}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * One record as its dataset type reads best: parallel pairs side by side, audio with a player
 * (streamed with Range requests), OCR images with their box drawn, NER tokens coloured by tag;
 * then its columns and contributors.
 */
export function RecordView({ datasetType, record }: { datasetType: string; record: ViewerRecord }) {
  const { t } = useTranslation();
  const d = record.data;
  let body;
  if (datasetType === 'parallel-corpus' || datasetType === 'transliteration-corpus' || datasetType === 'glossary-corpus')
    body = <Pair left={str(d.sourceText)} right={str(d.targetText)} />;
  else if (record.mediaUrl && (datasetType === 'ocr-corpus' || datasetType === 'document-layout-corpus'))
    body = <OcrImage src={record.mediaUrl} data={d} />;
  else if (record.mediaUrl) {
    body = (
      <Box>
        <audio
          controls
          preload="none"
          src={record.mediaUrl}
          style={{ width: '100%', maxWidth: 420 }}
          aria-label={t('viewer.audio', { name: str(d.audioFilename) })}
        />
        {typeof d.text === 'string' && <Typography variant="body2">{d.text}</Typography>}
      </Box>
    );
  } else if (datasetType === 'ner-corpus') body = <NerTokens data={d} />;
  else
    body = (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {str(d.text ?? d.sourceText ?? d)}
      </Typography>
    );
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="viewer-record">
      {body}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
        <Chip
          size="small"
          label={
            record.targetLanguage
              ? `${columnValueName('sourceLanguage', record.sourceLanguage)} → ${columnValueName('targetLanguage', record.targetLanguage)}`
              : columnValueName('sourceLanguage', record.sourceLanguage)
          }
        />
        <Chip size="small" label={columnValueName('domain', record.domain)} variant="outlined" />
        <Chip size="small" label={columnValueName('collectionMethod', record.collectionMethod)} variant="outlined" />
        {record.durationSeconds !== null && (
          <Chip
            size="small"
            label={t('viewer.seconds', { n: formatViewerNumber(Number(record.durationSeconds.toFixed(1))) })}
            variant="outlined"
          />
        )}
        <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {record.submitters.length > 1
            ? t('viewer.contributedBy', { names: record.submitters.join(', ') })
            : t('viewer.by', { name: record.submitters[0] ?? '—' })}
          {record.datasetCount > 1 ? ` · ${t('viewer.inDatasets', { n: formatViewerNumber(record.datasetCount) })}` : ''}
        </Typography>
      </Box>
    </Box>
  );
}
