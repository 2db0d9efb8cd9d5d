import { useTranslation } from '../lib/i18n/i18n.ts';
import type { FilterSelection } from '../lib/filter-selection.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';

/** One choice of a filter group: the value kept in the filter and the text shown. */
export interface FilterChoice {
  value: string;
  label: string;
}

/** One group of the popover (a fieldset with a legend), e.g. Domain or Role. */
export interface FilterGroupSpec<K extends string> {
  key: K;
  label: string;
  options: readonly FilterChoice[];
}

/**
 * The groups of a popover: `keys` in order, each titled `label(key)`, offering `options[key]` shown as
 * `optionLabel(key, value)` (default: the value itself).
 */
export function filterGroups<K extends string>(
  keys: readonly K[],
  label: (key: K) => string,
  options: Record<K, readonly string[]>,
  optionLabel: (key: K, value: string) => string = (_key, value) => value,
): FilterGroupSpec<K>[] {
  return keys.map((key) => ({ key, label: label(key), options: options[key].map((value) => ({ value, label: optionLabel(key, value) })) }));
}

/**
 * When a footer button is disabled: 'draft-empty' = nothing is ticked in the draft;
 * 'nothing-selected' = nothing is ticked in the draft and nothing is applied either.
 */
export type DisabledWhen = 'draft-empty' | 'nothing-selected';

/** Props of {@link FilterPopover}; `V` is the caller's filter type (its keys are the group keys). */
export interface FilterPopoverProps<K extends string, V extends FilterSelection<K>> {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  groups: readonly FilterGroupSpec<K>[];
  /** The applied filter; the draft starts from it on each opening. */
  value: V;
  onApply: (f: V) => void;
  /** The filter Clear All applies (e.g. `{}` or `{ roles: [], orgs: [] }`). */
  cleared: V;
  /** 'checkbox' (default): a grid of checkbox groups; 'chip': rows of toggle chips (aria-pressed buttons). */
  control?: 'checkbox' | 'chip';
  /** Paper width in px from the `sm` breakpoint (full width less 32px below it). */
  width: number;
  /** Grid columns from the `sm` breakpoint (checkbox groups; 1 column below it). */
  columns?: number;
  /** Shown in a group that offers no choice. */
  emptyGroupText?: string;
  /** When given, the paper is a `dialog` with this accessible name. */
  ariaLabel?: string;
  clearDisabledWhen: DisabledWhen;
  /** Omitted: Apply is always enabled. */
  applyDisabledWhen?: DisabledWhen;
}

/** The props a page passes to a feature's own filter popover (the rest is fixed by that popover). */
export type FilterPopoverBinding<V> = { anchorEl: HTMLElement | null; onClose: () => void; value: V; onApply: (f: V) => void };

/**
 * The filter popover of the table and card pages (docs/product.md#screens and docs/product.md#states-and-transitions "Filter popovers", docs/product.md#screens):
 * groups of values to toggle. Choices are a draft until Apply; Clear All applies `cleared` at once.
 * Which of the two buttons is disabled while nothing is selected is the caller's choice (docs/product.md#validation-rules,
 * docs/product.md#validation-rules).
 */
export function FilterPopover<K extends string, V extends FilterSelection<K>>(props: FilterPopoverProps<K, V>) {
  const { anchorEl, onClose, width, ariaLabel } = props;
  const open = !!anchorEl;
  const paperSx = { width: { xs: 'calc(100vw - 32px)', sm: width }, maxWidth: width };
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: ariaLabel ? { sx: paperSx, role: 'dialog', 'aria-label': ariaLabel } : { sx: paperSx } }}
    >
      {/* Remounted on each opening so the draft starts from the applied filter. */}
      {open && <FilterBody {...props} />}
    </Popover>
  );
}

function countSelected<K extends string>(groups: readonly FilterGroupSpec<K>[], f: FilterSelection<K>): number {
  return groups.reduce((n, g) => n + (f[g.key]?.length ?? 0), 0);
}

function FilterBody<K extends string, V extends FilterSelection<K>>({
  groups,
  value,
  onApply,
  onClose,
  cleared,
  control = 'checkbox',
  columns = 1,
  emptyGroupText,
  clearDisabledWhen,
  applyDisabledWhen,
}: FilterPopoverProps<K, V>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<V>(value);
  const toggle = (key: K, v: string) =>
    setDraft((d) => {
      const cur: readonly string[] = d[key] ?? [];
      return { ...d, [key]: cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v] };
    });
  const nothingDrafted = countSelected(groups, draft) === 0;
  const nothingApplied = countSelected(groups, value) === 0;
  const disabled = (when: DisabledWhen | undefined) =>
    when === 'draft-empty' ? nothingDrafted : when === 'nothing-selected' ? nothingDrafted && nothingApplied : false;
  const chips = control === 'chip';
  return (
    <Box>
      <Box
        sx={{
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` },
          gap: chips ? 2.5 : 2,
          maxHeight: '60vh',
          overflowY: 'auto',
        }}
      >
        {groups.map(({ key, label, options }) => (
          <Box key={key} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: chips ? 1 : 0.5, fontWeight: 600 }}>
              {label}
            </Typography>
            {options.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {emptyGroupText}
              </Typography>
            ) : chips ? (
              <ChipGroup options={options} selected={draft[key] ?? []} onToggle={(v) => toggle(key, v)} />
            ) : (
              <FormGroup>
                {options.map((o) => (
                  <FormControlLabel
                    key={o.value}
                    sx={{ my: -0.5 }}
                    control={
                      <Checkbox size="small" checked={draft[key]?.includes(o.value) ?? false} onChange={() => toggle(key, o.value)} />
                    }
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
          disabled={disabled(clearDisabledWhen)}
          onClick={() => {
            setDraft(cleared);
            onApply(cleared);
            onClose();
          }}
        >
          {t('common.clearAll')}
        </Button>
        <Button
          variant="contained"
          disabled={disabled(applyDisabledWhen)}
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          {t('common.apply')}
        </Button>
      </Stack>
    </Box>
  );
}

function ChipGroup({
  options,
  selected,
  onToggle,
}: {
  options: readonly FilterChoice[];
  selected: string[];
  onToggle: (v: string) => void;
}) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {options.map((o) => {
        const on = selected.includes(o.value);
        return (
          <Chip
            key={o.value}
            label={o.label}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            icon={on ? <CheckIcon /> : undefined}
            onClick={() => onToggle(o.value)}
            aria-pressed={on}
            role="button"
          />
        );
      })}
    </Stack>
  );
}
