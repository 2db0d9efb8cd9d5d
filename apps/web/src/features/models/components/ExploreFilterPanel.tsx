import type { InferenceTask } from '@ulca/contracts';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { needsPair, type ExploreFilter, type LanguageOption } from '../lib/explore.ts';
import { EXPLORE_TABS, TASK_LABELS, isModelTask, type ExploreTab } from '../lib/tasks.ts';

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
}) {
  const task: InferenceTask | null = isModelTask(tab) ? tab : null;
  const pair = !!task && needsPair(task);
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label="Filter models"
      noValidate
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      sx={{ p: 2.5, position: 'sticky', top: 80 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        Filter models
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label="Select Model Task"
          value={tab}
          onChange={(e) => onTabChange(e.target.value as ExploreTab)}
          fullWidth
          size="small"
        >
          {EXPLORE_TABS.map((t) => (
            <MenuItem key={t} value={t}>
              {TASK_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {task && (
          <>
            {pair && (
              <TextField
                select
                label="Source Language *"
                value={draft.source}
                onChange={(e) => onDraftChange({ source: e.target.value, target: '' })}
                error={!!errors.source}
                helperText={errors.source ?? (sources.length ? undefined : 'No published model yet')}
                disabled={disabled || sources.length === 0}
                fullWidth
                size="small"
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
              label={pair ? 'Target Language *' : 'Language'}
              value={draft.target}
              onChange={(e) => onDraftChange({ ...draft, target: e.target.value })}
              error={!!errors.target}
              helperText={
                errors.target ??
                (pair && !draft.source ? 'Choose the source language first' : targets.length ? undefined : 'No published model yet')
              }
              disabled={disabled || targets.length === 0}
              fullWidth
              size="small"
            >
              {targets.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Domain"
              value="All"
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText="Models of every domain"
            />
            <TextField
              label="Submitter"
              value="All"
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText="Models of every submitter"
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onClear} disabled={disabled}>
                Clear
              </Button>
              <Button type="submit" variant="contained" disabled={disabled}>
                Submit
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
