import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FILTER_GROUPS, selectedCount, type ContributionFilter, type FilterGroup } from '../lib/contribution-filters.ts';
import { datasetTypeLabel } from '../lib/format.ts';

/**
 * The filter popover of My Contribution (spec 01 §2): Task, Domain, License and Status checkbox
 * groups. Choices are a draft until Apply; Clear All (disabled when nothing is selected) clears and
 * applies at once.
 */
export function ContributionFilterPopover({
  anchorEl,
  onClose,
  options,
  value,
  onApply,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  options: Record<FilterGroup, string[]>;
  value: ContributionFilter;
  onApply: (f: ContributionFilter) => void;
}) {
  const open = !!anchorEl;
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 560 }, maxWidth: 560 } } }}
    >
      {/* Remounted on each opening so the draft starts from the applied filter. */}
      {open && <FilterBody options={options} value={value} onApply={onApply} onClose={onClose} />}
    </Popover>
  );
}

function FilterBody({
  options,
  value,
  onApply,
  onClose,
}: {
  options: Record<FilterGroup, string[]>;
  value: ContributionFilter;
  onApply: (f: ContributionFilter) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ContributionFilter>(value);
  const toggle = (group: FilterGroup, v: string) =>
    setDraft((d) => {
      const cur = d[group] ?? [];
      return { ...d, [group]: cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v] };
    });
  const nothing = selectedCount(draft) === 0;
  return (
    <Box>
      <Box sx={{ p: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, maxHeight: '60vh', overflowY: 'auto' }}>
        {FILTER_GROUPS.map(({ key, label }) => (
          <Box key={key} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, fontWeight: 600 }}>
              {label}
            </Typography>
            {options[key].length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                None in your contributions
              </Typography>
            ) : (
              <FormGroup>
                {options[key].map((v) => (
                  <FormControlLabel
                    key={v}
                    sx={{ my: -0.5 }}
                    control={<Checkbox size="small" checked={draft[key]?.includes(v) ?? false} onChange={() => toggle(key, v)} />}
                    label={<Typography variant="body2">{key === 'task' ? datasetTypeLabel(v) : v}</Typography>}
                  />
                ))}
              </FormGroup>
            )}
          </Box>
        ))}
      </Box>
      <Divider />
      <Stack direction="row" spacing={1} sx={{ p: 1.5, justifyContent: 'flex-end' }}>
        <Button
          disabled={nothing}
          onClick={() => {
            setDraft({});
            onApply({});
            onClose();
          }}
        >
          Clear All
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply
        </Button>
      </Stack>
    </Box>
  );
}
