import { FilterPopover, type FilterPopoverBinding } from '../../../components/FilterPopover.tsx';
import { FILTER_GROUPS, type FilterOption, type ReadyMadeFilter, type ReadyMadeFilterGroup } from '../lib/readymade-filters.ts';

/**
 * The filter popover of the Ready-made datasets page (spec 01 §2): Domain, Language and Submitter
 * checkbox groups. Choices are a draft until Apply, which is disabled while nothing is selected
 * (spec 01 §5); Clear All (disabled when nothing is selected or applied) clears and applies at once.
 */
export function ReadyMadeFilterPopover({ anchorEl, onClose, options, value, onApply }: FilterPopoverBinding<ReadyMadeFilter> & { options: Record<ReadyMadeFilterGroup, FilterOption[]> }) {
  return (
    <FilterPopover
      anchorEl={anchorEl}
      onClose={onClose}
      groups={FILTER_GROUPS.map(({ key, label }) => ({ key, label, options: options[key] }))}
      value={value}
      onApply={onApply}
      cleared={{}}
      width={640}
      columns={3}
      emptyGroupText="None in this tab"
      ariaLabel="Filter ready-made datasets"
      clearDisabledWhen="nothing-selected"
      applyDisabledWhen="draft-empty"
    />
  );
}
