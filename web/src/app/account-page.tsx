import { Button, NativeSelect, Stack } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@stockyard/contract/languages';
import { IconDevices, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chooseAndSaveLanguage } from '../i18n/language-menu';
import { ColorSchemeToggle } from '../lib/color-scheme-toggle';
import { PageCard } from './layouts/page-card';

/**
 * On a phone, what the wider top bar shows as icons: the language, light or dark, the person's
 * sessions and their password. The bar keeps its width for the store and the screen's name.
 */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  return (
    <PageCard title={t('common.account')} narrow>
      <Stack>
        <NativeSelect
          label={t('common.language')}
          value={i18n.language}
          data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          onChange={(event) => void chooseAndSaveLanguage(event.currentTarget.value as Language)}
        />
        <ColorSchemeToggle color="gray" withLabel />
        <Button component={Link} to="/dashboard/sessions" variant="default" justify="start" leftSection={<IconDevices size={18} />}>
          {t('common.sessions')}
        </Button>
        <Button component={Link} to="/dashboard/changepassword" variant="default" justify="start" leftSection={<IconKey size={18} />}>
          {t('common.changePassword')}
        </Button>
      </Stack>
    </PageCard>
  );
}
