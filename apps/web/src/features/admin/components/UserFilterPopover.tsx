import { FilterPopover, type FilterPopoverBinding } from '../../../components/FilterPopover.tsx';
import { NO_USER_FILTER, ORG_OPTIONS, ROLE_OPTIONS, roleLabel, type UserFilter } from '../lib/users.ts';

/** The Role and Organisation groups, as toggle chips. */
const USER_FILTER_GROUPS = [
  { key: 'roles', label: 'Role', options: ROLE_OPTIONS.map((v) => ({ value: v, label: roleLabel(v) })) },
  { key: 'orgs', label: 'Organization', options: ORG_OPTIONS.map((v) => ({ value: v, label: v })) },
] as const;

/**
 * The user table's filter (docs/product.md#admin): Role and Organisation values that toggle on and off. Choices
 * are a draft until Apply (disabled while nothing is selected, docs/product.md#validation-rules); Clear All empties and
 * applies at once.
 */
export function UserFilterPopover({ anchorEl, value, onApply, onClose }: FilterPopoverBinding<UserFilter>) {
  return (
    <FilterPopover
      anchorEl={anchorEl}
      onClose={onClose}
      groups={USER_FILTER_GROUPS}
      value={value}
      onApply={onApply}
      cleared={NO_USER_FILTER}
      control="chip"
      width={440}
      clearDisabledWhen="nothing-selected"
      applyDisabledWhen="nothing-selected"
    />
  );
}
