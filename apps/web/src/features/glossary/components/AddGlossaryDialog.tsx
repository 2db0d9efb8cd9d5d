import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import { DialogButtons } from '../../../components/DialogButtons.tsx';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { TransliterationInput } from '../../../components/TransliterationInput.tsx';
import { useGlossarySlots } from '../lib/slots.ts';
import { useAddGlossaryEntry, type GlossaryTarget } from '../api/glossary.ts';
import { GLOSSARY_LANGUAGE_OPTIONS, languageLabel, checkGlossaryForm, type GlossaryForm } from '../lib/glossary.ts';

/** The spec's success text when the server sends none (also the catalogue's messages.glossaryAdded). */
const GLOSSARY_ADDED = 'Glossary Added Successfully';

const EMPTY: GlossaryForm = { sourceLanguage: '', targetLanguage: '', sourceText: '', targetText: '' };

/**
 * A text box for `language`: plain for English (docs/product.md#screens), otherwise a transliteration input
 * backed by the platform's transliteration model for en → language; plain, with a note, when no
 * such model is published.
 */
function GlossaryTextInput({
  id,
  language,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  language: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  // The transliteration lookups are the model page's (features/model-detail), bound by the app shell.
  const { useTransliterationModelId, fetchTransliterationSuggestions } = useGlossarySlots();
  const model = useTransliterationModelId(language || undefined);
  if (language && language !== 'en' && model.data) {
    return (
      <TransliterationInput
        variant="list"
        id={id}
        modelId={model.data}
        fetchSuggestions={fetchTransliterationSuggestions}
        language={language}
        label={label}
        value={value}
        onChange={onChange}
        error={!!error}
        helperText={localizeMessage(error)}
      />
    );
  }
  const note = language && language !== 'en' && !model.isPending ? t('glossary.noTranslit') : undefined;
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      autoComplete="off"
      error={!!error}
      helperText={localizeMessage(error) ?? note}
    />
  );
}

/**
 * The add dialog of the glossary page (docs/product.md#glossary, docs/product.md#validation-rules): source and target language (the 23 of
 * docs/product.md#constants-and-limits), source and target text; checked with the server's rules before sending; success shows the
 * server's message and closes. Escape or Cancel closes without saving.
 */
export function AddGlossaryDialog({ open, target, onClose }: { open: boolean; target: GlossaryTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<GlossaryForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof GlossaryForm, string>>>({});
  const add = useAddGlossaryEntry(target);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const set = (field: keyof GlossaryForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const close = () => {
    if (add.isPending) return;
    onClose();
  };
  const submit = () => {
    const checked = checkGlossaryForm(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    add.mutate(checked.entry, {
      onSuccess: (message) => {
        enqueueSnackbar(localizeMessage(message || GLOSSARY_ADDED), { variant: 'success' });
        onClose();
      },
      onError: (err) => enqueueSnackbar(errorMessage(err), { variant: 'error' }),
    });
  };

  const languageSelect = (field: 'sourceLanguage' | 'targetLanguage', label: string) => (
    <TextField
      select
      id={`glossary-${field}`}
      label={label}
      value={form[field]}
      onChange={(e) => set(field)(e.target.value)}
      fullWidth
      error={!!errors[field]}
      helperText={localizeMessage(errors[field])}
    >
      {GLOSSARY_LANGUAGE_OPTIONS.map((l) => (
        <MenuItem key={l.code} value={l.code}>
          {languageLabel(l.code)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="add-glossary-title"
      slotProps={{
        transition: {
          onExited: () => {
            setForm(EMPTY);
            setErrors({});
          },
        },
      }}
    >
      <DialogTitle id="add-glossary-title">{t('glossary.add')}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {languageSelect('sourceLanguage', t('dashboard.col.sourceLanguage'))}
            {languageSelect('targetLanguage', t('dashboard.col.targetLanguage'))}
          </Stack>
          <GlossaryTextInput
            id="glossary-sourceText"
            language={form.sourceLanguage}
            label={t('glossary.sourceText')}
            value={form.sourceText}
            onChange={set('sourceText')}
            error={errors.sourceText}
          />
          <GlossaryTextInput
            id="glossary-targetText"
            language={form.targetLanguage}
            label={t('glossary.targetText')}
            value={form.targetText}
            onChange={set('targetText')}
            error={errors.targetText}
          />
        </Stack>
      </DialogContent>
      <DialogButtons pending={add.isPending} label={t('common.submit')} onConfirm={submit} onClose={close} />
    </Dialog>
  );
}
