import { useId, useState } from 'react';
import { chooseLocale } from '@/lib/i18n/locale-preference';
import { LOCALE_NAMES, LOCALES, isLocale } from '@/lib/i18n/locales';
import type { MessageId } from '@/lib/i18n/message-id';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { chooseMapsApp, isMapsApp } from '@/lib/settings/maps-app';
import { MAPS_APPS, type MapsApp } from '@/lib/links/maps-links';
import { useMapsApp } from '@/hooks/use-maps-app';
import { chooseTheme, isThemeChoice, storedThemeChoice, THEME_CHOICES, type ThemeChoice } from '@/lib/settings/theme';

const THEME_LABELS: Record<ThemeChoice, MessageId> = {
  system: 'settings.themeSystem',
  light: 'settings.themeLight',
  dark: 'settings.themeDark',
};

const MAPS_APP_LABELS: Record<MapsApp, MessageId> = {
  google: 'settings.mapsAppGoogle',
  apple: 'settings.mapsAppApple',
  osm: 'settings.mapsAppOsm',
};

/** The drawer's device settings: the language, the theme and the maps app, each remembered on this device. */
export function DisplaySettings() {
  const t = useT();
  const locale = useLocale();
  const languageId = useId();
  const themeId = useId();
  const mapsAppId = useId();
  // Until the person chooses, this shows the device's default (Apple Maps on Apple's devices).
  const mapsApp = useMapsApp();
  const [failed, setFailed] = useState(false);
  const [theme, setTheme] = useState(storedThemeChoice);
  return (
    <div className="display-settings">
      <div className="field">
        <label htmlFor={languageId}>{t('settings.language')}</label>
        <select
          id={languageId}
          value={locale}
          onChange={(event) => {
            const chosen = event.target.value;
            if (!isLocale(chosen)) return;
            setFailed(false);
            chooseLocale(chosen).catch(() => setFailed(true));
          }}
        >
          {LOCALES.map((code) => (
            // Each language is named in itself, and marked so a screen reader says it in that language.
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
        {failed && (
          <p className="field-error" role="alert">
            {t('settings.languageFailed')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={themeId}>{t('settings.theme')}</label>
        <select
          id={themeId}
          value={theme}
          onChange={(event) => {
            const chosen = event.target.value;
            if (!isThemeChoice(chosen)) return;
            setTheme(chosen);
            chooseTheme(chosen);
          }}
        >
          {THEME_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(THEME_LABELS[choice])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={mapsAppId}>{t('settings.mapsApp')}</label>
        <select
          id={mapsAppId}
          value={mapsApp}
          onChange={(event) => {
            const chosen = event.target.value;
            if (isMapsApp(chosen)) chooseMapsApp(chosen);
          }}
        >
          {MAPS_APPS.map((app) => (
            <option key={app} value={app}>
              {t(MAPS_APP_LABELS[app])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
