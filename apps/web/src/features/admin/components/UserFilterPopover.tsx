import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { NO_USER_FILTER, ORG_OPTIONS, ROLE_OPTIONS, roleLabel, toggleValue, type UserFilter } from '../lib/users.ts';

/**
 * The user table's filter (spec 02 §2): Role and Organisation values that toggle on and off. Choices
 * are a draft until Apply (disabled while nothing is selected, spec 02 §5); Clear All empties and
 * applies at once.
 */
export function UserFilterPopover({
  anchorEl,
  value,
  onApply,
  onClose,
}: {
  anchorEl: HTMLElement | null;
  value: UserFilter;
  onApply: (f: UserFilter) => void;
  onClose: () => void;
}) {
  const open = !!anchorEl;
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 440 } } } }}
    >
      {open && <FilterBody value={value} onApply={onApply} onClose={onClose} />}
    </Popover>
  );
}

function ToggleGroup({ label, options, selected, onToggle, format }: { label: string; options: readonly string[]; selected: string[]; onToggle: (v: string) => void; format: (v: string) => string }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1, fontWeight: 600 }}>
        {label}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {options.map((v) => {
          const on = selected.includes(v);
          return (
            <Chip
              key={v}
              label={format(v)}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              icon={on ? <CheckIcon /> : undefined}
              onClick={() => onToggle(v)}
              aria-pressed={on}
              role="button"
            />
          );
        })}
      </Stack>
    </Box>
  );
}

function FilterBody({ value, onApply, onClose }: { value: UserFilter; onApply: (f: UserFilter) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<UserFilter>(value);
  const nothing = draft.roles.length === 0 && draft.orgs.length === 0;
  const applied = value.roles.length > 0 || value.orgs.length > 0;
  return (
    <Box>
      <Stack spacing={2.5} sx={{ p: 2 }}>
        <ToggleGroup label="Role" options={ROLE_OPTIONS} selected={draft.roles} onToggle={(v) => setDraft((d) => ({ ...d, roles: toggleValue(d.roles, v) }))} format={roleLabel} />
        <ToggleGroup label="Organisation" options={ORG_OPTIONS} selected={draft.orgs} onToggle={(v) => setDraft((d) => ({ ...d, orgs: toggleValue(d.orgs, v) }))} format={(v) => v} />
      </Stack>
      <Divider />
      <Stack direction="row" spacing={1} sx={{ p: 1.5, justifyContent: 'flex-end' }}>
        <Button
          disabled={nothing && !applied}
          onClick={() => {
            onApply(NO_USER_FILTER);
            onClose();
          }}
        >
          Clear All
        </Button>
        <Button
          variant="contained"
          disabled={nothing && !applied}
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
