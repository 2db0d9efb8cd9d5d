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
import { useObjectUrl } from '../../../lib/useObjectUrl.ts';
import { useTryModel } from '../api/inference.ts';
import { PANEL_ERRORS, canSendUrl, urlError } from '../../../lib/limits.ts';
import { PanelNotes } from './PanelNotes.tsx';
import { TryResult } from './TryResult.tsx';

type Mode = 'file' | 'url';

/**
 * The try panel of the image tasks (docs/product.md#model-detail-and-try-it-panels): ocr and img-lang-detection, from an uploaded image
 * (tryMe, multipart) or an image URL (compute with imageUri); a preview and an enlarge dialog.
 */
export function ImageTryPanel({ model, task }: { model: ModelRecord; task: InferenceTask }) {
  const [mode, setMode] = useState<Mode>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [enlarged, setEnlarged] = useState(false);
  const tryModel = useTryModel(task);
  const fileUrl = useObjectUrl(file);

  const preview = mode === 'file' ? fileUrl : canSendUrl(url) ? url.trim() : '';
  const ready = mode === 'file' ? !!file : canSendUrl(url);
  const send = () => {
    if (mode === 'file' && file) tryModel.mutate({ kind: 'file', modelId: model.modelId, file });
    else tryModel.mutate({ kind: 'compute', body: { modelId: model.modelId, task, imageUri: url.trim() } });
  };

  return (
    <Stack spacing={2}>
      <Tabs value={mode} onChange={(_, m: Mode) => setMode(m)} aria-label="Image input">
        <Tab value="file" label="Upload image" />
        <Tab value="url" label="Image URL" />
      </Tabs>
      {mode === 'file' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            Choose image
            <input
              hidden
              type="file"
              accept="image/*"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (!f) return;
                if (!f.type.startsWith('image/')) {
                  setFileError(PANEL_ERRORS.notImage);
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
          label="Public image URL"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/page.png"
          error={!!urlError(url)}
          helperText={urlError(url) ?? ' '}
          fullWidth
        />
      )}
      {fileError && <Alert severity="error">{fileError}</Alert>}
      {preview && (
        <Box sx={{ position: 'relative', alignSelf: 'flex-start', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}>
          <Box
            component="img"
            src={preview}
            alt="Image to try"
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, objectFit: 'contain' }}
          />
          <Tooltip title="Enlarge">
            <IconButton
              aria-label="Enlarge image"
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
          Image
          <IconButton aria-label="Close" onClick={() => setEnlarged(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Box component="img" src={preview} alt="Image to try, enlarged" sx={{ display: 'block', maxWidth: '100%', mx: 'auto' }} />
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
          Clear All
        </Button>
        <Button variant="contained" onClick={send} disabled={!ready || tryModel.isPending}>
          {task === 'ocr' ? 'Convert' : 'Detect'}
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
