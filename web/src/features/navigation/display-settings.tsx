import { useId, useState } from 'react';
import { chooseLocale } from '../../lib/i18n/locale-preference';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../lib/i18n/locales';
import { useLocale, useT } from '../../lib/i18n/use-t';

/** The drawer's device settings: the language (and the theme), each remembered on this device. */
export function DisplaySettings() {
  const t = useT();
  const locale = useLocale();
  const languageId = useId();
  const [failed, setFailed] = useState(false);
  return (
    <div className="field display-settings">
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
  );
}
