import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Translate from '@mui/icons-material/Translate';
import { setLanguage, UI_LANGUAGE_NAMES, useTranslation, type UiLanguage } from '../lib/i18n/i18n.ts';

// The menu's code (MUI Menu, Popover, Modal) is not in the first load: it loads on first open.
const loadLanguageMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(loadLanguageMenu);

/**
 * The header's language switcher (docs/product.md#languages-of-the-interface): a button showing
 * the current language, opening a menu where each language is written in its own script and
 * marked with its `lang`, so screen readers pronounce it right. The choice is remembered in this
 * browser and, for a signed-in user, in their profile.
 */
export function LanguageSwitcher() {
  const { t, lang } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
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
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        // Fetched as the pointer or the focus reaches the button, so the menu usually opens at once.
        onPointerEnter={() => void loadLanguageMenu()}
        onFocus={() => void loadLanguageMenu()}
        data-testid="language-switcher"
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        <span lang={lang}>{UI_LANGUAGE_NAMES[lang]}</span>
      </Button>
      {/* Once loaded the menu stays mounted, for its closing transition. */}
      {opened ? (
        <Suspense fallback={null}>
          <LanguageMenu id="menu-language" anchor={anchor} current={lang} onClose={() => setAnchor(null)} onChoose={choose} />
        </Suspense>
      ) : null}
    </>
  );
}
