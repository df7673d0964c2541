import { Box, ThemeIcon } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@stockyard/contract/languages';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../lib/api';
import { getToken } from '../lib/session';
import { chooseLanguage } from './i18n';

/** Saves a signed-in person's language with them, so every device they sign in on starts in it. */
export function saveLanguage(language: Language): Promise<unknown> {
  return apiFetch('/api/auth/language', { method: 'PUT', body: { language } });
}

/** Shows the app in a language at once, keeps it on this device and, signed in, saves it with the person. */
export async function chooseAndSaveLanguage(language: Language): Promise<void> {
  await chooseLanguage(language);
  if (getToken()) await saveLanguage(language).catch(() => undefined);
}

/**
 * The languages, each named in itself, in the phone's own picker: a native select laid invisibly
 * over the icon (a menu of Mantine's would load its popover code before the first screen). The
 * choice shows at once and is kept on this device; signed in, it is also saved with the person (a
 * failure to save leaves it on this device only).
 */
export function LanguageMenu({ color = 'gray.0' }: { color?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Box pos="relative" w={34} h={34} title={t('common.language')}>
      <ThemeIcon variant="transparent" color={color} size={34} aria-hidden>
        <IconLanguage size={18} />
      </ThemeIcon>
      <select
        aria-label={t('common.language')}
        value={i18n.language}
        onChange={(event) => void chooseAndSaveLanguage(event.currentTarget.value as Language)}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer' }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </Box>
  );
}
