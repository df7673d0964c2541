import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from './i18n';
import { localMessage } from './local-message';
import { translatedMessage } from './messages';

afterEach(() => chooseLanguage('en'));

describe('a message in the app’s language', () => {
  it('is the English text as it came in English', () => {
    expect(translatedMessage('Material name is required', 'fieldRequired', ['Material name'])).toBe('Material name is required');
  });

  it('names its field and writes its numbers as the language does', async () => {
    await chooseLanguage('es');
    expect(translatedMessage('Material name is required', 'fieldRequired', ['Material name'])).toBe('Nombre del material: obligatorio');
    expect(translatedMessage('x', 'notEnoughToDispatch', ['Cemento', '1,500', '2,000'])).toBe(
      'No hay suficiente Cemento para enviar: 2000 por enviar, 1500 disponibles.',
    );
    await chooseLanguage('fr');
    expect(translatedMessage('x', 'custodyReturnTooMany', ['3'])).toBe(
      'Seulement 3 sont encore sortis sur cette fiche : bon état, endommagés et perdus ensemble ne peuvent pas dépasser ce nombre.',
    );
  });

  it('found by its English text, keeps the names it was made with', async () => {
    await chooseLanguage('hi');
    expect(
      localMessage('Site B is Inactive: it takes no stock movements, deliveries or new items until an admin marks it Active again.'),
    ).toBe('Site B निष्क्रिय है: जब तक एडमिन इसे फिर से सक्रिय न करे, इसमें कोई स्टॉक लेन-देन, डिलीवरी या नई वस्तु दर्ज नहीं होगी।');
    expect(localMessage('A message no template makes')).toBe('A message no template makes');
  });

  it('in a language the app starts in, is translated once the codes have come after the first screen', async () => {
    vi.resetModules();
    const fresh = { i18n: await import('./i18n'), local: await import('./local-message') };
    await fresh.i18n.startI18n('es');
    await vi.waitFor(() => expect(fresh.local.localMessage('Material name is required')).toBe('Nombre del material: obligatorio'));
  });
});
