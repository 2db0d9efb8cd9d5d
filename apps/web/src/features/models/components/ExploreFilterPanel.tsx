import type { InferenceTask } from '@ulca/contracts';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MANDATORY_MESSAGE, needsPair, type ExploreFilter, type LanguageOption } from '../lib/explore.ts';
import { EXPLORE_TABS, isModelTask, modelTaskText, type ExploreTab } from '../lib/tasks.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';

/** A disabled select's hint ('Choose the source language first') keeps the readable secondary colour (WCAG AA contrast). */
const READABLE_HINT = { '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } } as const;

/**
 * The left filter panel of Explore on wide screens (docs/product.md#explore-models, docs/product.md#validation-rules): the task menu; for translation
 * 'Source Language *' and 'Target Language *', for other tasks 'Language'; read-only Domain and
 * Submitter at 'All'; Clear and Submit. The language boxes show only for model tasks (not for
 * speech-to-speech or the health check).
 */
export function ExploreFilterPanel({
  tab,
  onTabChange,
  draft,
  onDraftChange,
  errors,
  sources,
  targets,
  onClear,
  onSubmit,
  disabled,
  anyLanguage = false,
}: {
  tab: ExploreTab;
  onTabChange: (tab: ExploreTab) => void;
  draft: ExploreFilter;
  onDraftChange: (f: ExploreFilter) => void;
  errors: Partial<Record<keyof ExploreFilter, string>>;
  /** Source choices (translation). */
  sources: readonly LanguageOption[];
  /** Target choices (translation: from the chosen source) or the Language choices of other tasks. */
  targets: readonly LanguageOption[];
  onClear: () => void;
  onSubmit: () => void;
  disabled?: boolean;
  /** The task's models name no language (they work with any): the Language box says so. */
  anyLanguage?: boolean;
}) {
  const { t } = useTranslation();
  const noModel = anyLanguage ? t('models.filter.anyLanguage') : t('models.filter.noModelYet');
  const err = (m: string | undefined) => (m === MANDATORY_MESSAGE ? t('models.filter.mandatory') : localizeMessage(m));
  const task: InferenceTask | null = isModelTask(tab) ? tab : null;
  const pair = !!task && needsPair(task);
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label={t('models.filter.title')}
      noValidate
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      sx={{ p: 2.5, position: 'sticky', top: 80 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('models.filter.title')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label={t('models.filter.selectTask')}
          value={tab}
          onChange={(e) => onTabChange(e.target.value as ExploreTab)}
          fullWidth
          size="small"
        >
          {EXPLORE_TABS.map((tb) => (
            <MenuItem key={tb} value={tb}>
              {modelTaskText(tb)}
            </MenuItem>
          ))}
        </TextField>
        {task && (
          <>
            {pair && (
              <TextField
                select
                label={t('models.filter.source')}
                value={draft.source}
                onChange={(e) => onDraftChange({ source: e.target.value, target: '' })}
                error={!!errors.source}
                helperText={err(errors.source) ?? (sources.length ? undefined : noModel)}
                disabled={disabled || sources.length === 0}
                fullWidth
                size="small"
                sx={READABLE_HINT}
              >
                {sources.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              label={pair ? t('models.filter.target') : t('models.filter.language')}
              value={draft.target}
              onChange={(e) => onDraftChange({ ...draft, target: e.target.value })}
              error={!!errors.target}
              helperText={
                err(errors.target) ?? (pair && !draft.source ? t('models.filter.sourceFirst') : targets.length ? undefined : noModel)
              }
              disabled={disabled || targets.length === 0}
              fullWidth
              size="small"
              sx={READABLE_HINT}
            >
              {targets.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('models.filter.domain')}
              value={t('models.filter.all')}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText={t('models.filter.allDomains')}
            />
            <TextField
              label={t('models.filter.submitter')}
              value={t('models.filter.all')}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText={t('models.filter.allSubmitters')}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onClear} disabled={disabled}>
                {t('models.filter.clear')}
              </Button>
              <Button type="submit" variant="contained" disabled={disabled}>
                {t('common.submit')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
