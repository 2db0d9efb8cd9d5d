import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { InferenceTask } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import {
  hasLanguageChoice,
  isPairTask,
  sourceChoices,
  targetChoices,
  tryLanguageName,
  withSource,
  type LanguagePair,
  type TryLanguages,
} from '../lib/try-languages.ts';

/**
 * The language choice of a try panel (docs/product.md#model-detail-and-try-it-panels "Languages of a try
 * panel"): a Language select for one-language tasks, Source and Target selects for translation and
 * transliteration (targets: those the model writes the chosen source into). Nothing for the detections.
 */
export function TryLanguagePicker({
  task,
  languages,
  value,
  onChange,
  disabled = false,
}: {
  task: InferenceTask;
  languages: readonly LanguagePair[];
  value: TryLanguages;
  onChange: (next: TryLanguages) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const sources = sourceChoices(languages);
  if (!hasLanguageChoice(task) || sources.length === 0) return null;
  const pair = isPairTask(task);
  const targets = pair ? targetChoices(languages, value.source) : [];
  const item = (code: string) => (
    <MenuItem key={code} value={code}>
      {tryLanguageName(code)}
    </MenuItem>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        label={pair ? t('try.languages.source') : t('try.languages.language')}
        value={value.source}
        onChange={(e) => onChange(pair ? withSource(languages, value, e.target.value) : { source: e.target.value, target: '' })}
        disabled={disabled}
        sx={{ minWidth: 220 }}
      >
        {sources.map(item)}
      </TextField>
      {pair && (
        <TextField
          select
          size="small"
          label={t('try.languages.target')}
          value={targets.includes(value.target) ? value.target : ''}
          onChange={(e) => onChange({ ...value, target: e.target.value })}
          disabled={disabled || targets.length === 0}
          sx={{ minWidth: 220 }}
        >
          {targets.map(item)}
        </TextField>
      )}
    </Stack>
  );
}
