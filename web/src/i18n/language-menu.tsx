import { ActionIcon, Menu } from '@mantine/core';
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

/**
 * The languages, each named in itself. The choice shows at once and is kept on this device; signed
 * in, it is also saved with the person (a failure to save leaves it on this device only).
 */
export function LanguageMenu({ color = 'gray.0' }: { color?: string }) {
  const { t, i18n } = useTranslation();
  const choose = async (language: Language) => {
    await chooseLanguage(language);
    if (getToken()) await saveLanguage(language).catch(() => undefined);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color={color} size="lg" aria-label={t('common.language')} title={t('common.language')}>
          <IconLanguage size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void choose(language)}
            fw={i18n.language === language ? 700 : undefined}
            aria-current={i18n.language === language ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
