import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Translate from '@mui/icons-material/Translate';
import { setLanguage, UI_LANGUAGE_NAMES, UI_LANGUAGES, useTranslation, type UiLanguage } from '../lib/i18n/i18n.ts';

/**
 * The header's language switcher (docs/product.md#languages-of-the-interface): a button showing
 * the current language, opening a menu where each language is written in its own script and
 * marked with its `lang`, so screen readers pronounce it right. The choice is remembered in this
 * browser and, for a signed-in user, in their profile.
 */
export function LanguageSwitcher() {
  const { t, lang } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (l: UiLanguage) => {
    setAnchor(null);
    // The profile call (and the account schemas it parses with) loads only when a language is chosen.
    void setLanguage(l).then((ok) => (ok ? import('../lib/i18n/profile-language.ts').then((m) => m.saveProfileLanguage(l)) : undefined));
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate aria-hidden />}
        aria-label={`${t('language.label')}: ${UI_LANGUAGE_NAMES[lang]}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'menu-language' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="language-switcher"
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        <span lang={lang}>{UI_LANGUAGE_NAMES[lang]}</span>
      </Button>
      <Menu id="menu-language" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {UI_LANGUAGES.map((l) => (
          <MenuItem key={l} lang={l} selected={l === lang} onClick={() => choose(l)}>
            {UI_LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
