import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { UI_LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '../lib/i18n/i18n.ts';

/**
 * The language switcher's menu (LanguageSwitcher.tsx, a lazy chunk loaded on first open), open
 * while `anchor` is set: each language written in its own script and marked with its `lang`, the
 * current one selected.
 */
export default function LanguageMenu({
  id,
  anchor,
  current,
  onClose,
  onChoose,
}: {
  id: string;
  anchor: HTMLElement | null;
  current: UiLanguage;
  onClose: () => void;
  onChoose: (lang: UiLanguage) => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {UI_LANGUAGES.map((l) => (
        <MenuItem key={l} lang={l} selected={l === current} onClick={() => onChoose(l)}>
          {UI_LANGUAGE_NAMES[l]}
        </MenuItem>
      ))}
    </Menu>
  );
}
