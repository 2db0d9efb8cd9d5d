import { languageResponse, messageResponse, USER_API } from '@ulca/contracts';
import { apiRequest } from '../api-client.ts';
import { getSession } from '../session.ts';
import { currentLanguage, isUiLanguage, setLanguage, type UiLanguage } from './i18n.ts';

/*
 * The signed-in user's interface language kept in their profile (GET/POST users/language; see
 * docs/product.md#languages-of-the-interface), so that it follows them to any browser. Both calls
 * are best effort: a failure leaves the language as it is and never reaches the user.
 */

/** Stores `lang` in the signed-in user's profile; does nothing when signed out. Never throws. */
export async function saveProfileLanguage(lang: UiLanguage): Promise<void> {
  if (!getSession()) return;
  try {
    await apiRequest('POST', USER_API.language, { body: { language: lang }, schema: messageResponse });
  } catch {
    // The choice is still remembered in this browser.
  }
}

/**
 * After sign-in: switches to the language kept in the user's profile when there is one; when
 * there is none, keeps the current language and stores it in the profile. Never throws.
 */
export async function applyProfileLanguage(): Promise<void> {
  try {
    const { language } = await apiRequest('GET', USER_API.language, { schema: languageResponse });
    if (isUiLanguage(language)) {
      if (language !== currentLanguage()) await setLanguage(language);
    } else {
      await saveProfileLanguage(currentLanguage());
    }
  } catch {
    // Signed in all the same; the browser's language stays.
  }
}
