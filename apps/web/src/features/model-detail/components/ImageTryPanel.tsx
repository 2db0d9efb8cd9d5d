import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import type { InferenceTask, ModelRecord } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { TryLanguagePicker } from './TryLanguagePicker.tsx';
import { useTryLanguages } from './useTryLanguages.ts';
import { useObjectUrl } from '../../../lib/useObjectUrl.ts';
import { useTryModel } from '../api/inference.ts';
import { canSendUrl, urlError } from '../../../lib/limits.ts';
import { PanelNotes } from './PanelNotes.tsx';
import { TryResult } from './TryResult.tsx';

type Mode = 'file' | 'url';

/**
 * The try panel of the image tasks (docs/product.md#model-detail-and-try-it-panels): ocr and img-lang-detection, from an uploaded image
 * (tryMe, multipart) or an image URL (compute with imageUri); a preview of the uploaded image and
 * an enlarge dialog. OCR reads in the language chosen among the model's (preselected from `hint`),
 * sent as `sourceLanguage` (URL) or the form's `source` (file). An image URL is not previewed: the
 * page's content security policy shows only this site's images, so the panel says so instead of
 * showing a broken image (the server fetches the URL when the model is called).
 */
export function ImageTryPanel({ model, task, hint }: { model: ModelRecord; task: InferenceTask; hint: TryLanguageHint }) {
  const { t } = useTranslation();
  const tryModel = useTryModel(task);
  const [languages, pickLanguages] = useTryLanguages(task, model.languages, hint, () => tryModel.reset());
  const source = languages.source || undefined;
  const [mode, setMode] = useState<Mode>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [enlarged, setEnlarged] = useState(false);
  const fileUrl = useObjectUrl(file);

  const preview = mode === 'file' ? fileUrl : '';
  const ready = mode === 'file' ? !!file : canSendUrl(url);
  const send = () => {
    if (mode === 'file' && file) tryModel.mutate({ kind: 'file', modelId: model.modelId, file, ...(source ? { source } : {}) });
    else
      tryModel.mutate({
        kind: 'compute',
        body: { modelId: model.modelId, task, imageUri: url.trim(), ...(source ? { sourceLanguage: source } : {}) },
      });
  };

  return (
    <Stack spacing={2}>
      <TryLanguagePicker task={task} languages={model.languages} value={languages} onChange={pickLanguages} disabled={tryModel.isPending} />
      <Tabs
        value={mode}
        onChange={(_, m: Mode) => {
          setMode(m);
          tryModel.reset();
        }}
        aria-label={t('try.image.input')}
      >
        <Tab value="file" label={t('try.image.upload')} />
        <Tab value="url" label={t('try.image.url')} />
      </Tabs>
      {mode === 'file' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {t('try.image.choose')}
            <input
              hidden
              type="file"
              accept="image/*"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (!f) return;
                if (!f.type.startsWith('image/')) {
                  setFileError(t('try.image.notImage'));
                  return;
                }
                setFileError(null);
                setFile(f);
              }}
            />
          </Button>
          {file && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
          )}
        </Stack>
      ) : (
        <TextField
          label={t('try.image.publicUrl')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/page.png"
          error={!!urlError(url)}
          helperText={urlError(url) ? t('try.invalidUrl') : canSendUrl(url) ? t('try.image.noUrlPreview') : ' '}
          fullWidth
        />
      )}
      {fileError && <Alert severity="error">{fileError}</Alert>}
      {preview && (
        <Box sx={{ position: 'relative', alignSelf: 'flex-start', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}>
          <Box
            component="img"
            src={preview}
            alt={t('try.image.alt')}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, objectFit: 'contain' }}
          />
          <Tooltip title={t('try.image.enlarge')}>
            <IconButton
              aria-label={t('try.image.enlargeLabel')}
              onClick={() => setEnlarged(true)}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              size="small"
            >
              <ZoomInIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <Dialog open={enlarged && !!preview} onClose={() => setEnlarged(false)} maxWidth="lg" fullWidth>
        <DialogTitle sx={{ pr: 6 }}>
          {t('try.image.dialogTitle')}
          <IconButton aria-label={t('try.image.close')} onClick={() => setEnlarged(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Box component="img" src={preview} alt={t('try.image.altEnlarged')} sx={{ display: 'block', maxWidth: '100%', mx: 'auto' }} />
        </DialogContent>
      </Dialog>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setFile(null);
            setUrl('');
            setFileError(null);
            tryModel.reset();
          }}
        >
          {t('common.clearAll')}
        </Button>
        <Button variant="contained" onClick={send} disabled={!ready || tryModel.isPending}>
          {task === 'ocr' ? t('try.action.convert') : t('try.action.detect')}
        </Button>
      </Stack>
      <TryResult
        task={task}
        modelId={model.modelId}
        pending={tryModel.isPending}
        error={tryModel.error}
        output={tryModel.data}
        input={mode === 'url' ? url.trim() : null}
      />
      <PanelNotes input="image" />
    </Stack>
  );
}
