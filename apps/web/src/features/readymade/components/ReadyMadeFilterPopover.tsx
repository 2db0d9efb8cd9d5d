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
import { FILTER_GROUPS, selectedCount, type FilterOption, type ReadyMadeFilter, type ReadyMadeFilterGroup } from '../lib/readymade-filters.ts';

/**
 * The filter popover of the Ready-made datasets page (spec 01 §2): Domain, Language and Submitter
 * checkbox groups. Choices are a draft until Apply, which is disabled while nothing is selected
 * (spec 01 §5); Clear All (disabled when nothing is selected or applied) clears and applies at once.
 */
export function ReadyMadeFilterPopover({
  anchorEl,
  onClose,
  options,
  value,
  onApply,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  options: Record<ReadyMadeFilterGroup, FilterOption[]>;
  value: ReadyMadeFilter;
  onApply: (f: ReadyMadeFilter) => void;
}) {
  const open = !!anchorEl;
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 640 }, maxWidth: 640 }, role: 'dialog', 'aria-label': 'Filter ready-made datasets' } }}
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
  options: Record<ReadyMadeFilterGroup, FilterOption[]>;
  value: ReadyMadeFilter;
  onApply: (f: ReadyMadeFilter) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ReadyMadeFilter>(value);
  const toggle = (group: ReadyMadeFilterGroup, v: string) =>
    setDraft((d) => {
      const cur = d[group] ?? [];
      return { ...d, [group]: cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v] };
    });
  const nothingDrafted = selectedCount(draft) === 0;
  const nothingApplied = selectedCount(value) === 0;
  return (
    <Box>
      <Box sx={{ p: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2, maxHeight: '60vh', overflowY: 'auto' }}>
        {FILTER_GROUPS.map(({ key, label }) => (
          <Box key={key} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, fontWeight: 600 }}>
              {label}
            </Typography>
            {options[key].length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                None in this tab
              </Typography>
            ) : (
              <FormGroup>
                {options[key].map((o) => (
                  <FormControlLabel
                    key={o.value}
                    sx={{ my: -0.5 }}
                    control={<Checkbox size="small" checked={draft[key]?.includes(o.value) ?? false} onChange={() => toggle(key, o.value)} />}
                    label={<Typography variant="body2">{o.label}</Typography>}
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
          disabled={nothingDrafted && nothingApplied}
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
          disabled={nothingDrafted}
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
