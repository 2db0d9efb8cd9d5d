import type { ReactNode } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { SxProps, Theme } from '@mui/material/styles';

/** One tab of {@link ScrollTabs}: its value, its label, and whether it cannot be chosen. */
export interface TabChoice<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

/** A row of `tabs` named `label` that scrolls when it does not fit, with scroll buttons on phones too. */
export function ScrollTabs<V extends string>({
  value,
  onChange,
  label,
  tabs,
  sx,
}: {
  value: V;
  onChange: (value: V) => void;
  label: string;
  tabs: readonly TabChoice<V>[];
  sx?: SxProps<Theme>;
}) {
  return (
    <Tabs value={value} onChange={(_e, v: V) => onChange(v)} variant="scrollable" allowScrollButtonsMobile aria-label={label} sx={sx}>
      {tabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={tab.label} disabled={tab.disabled} />
      ))}
    </Tabs>
  );
}
