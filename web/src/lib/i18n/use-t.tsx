import { Trans, useLingui } from '@lingui/react';
import type { ReactElement, ReactNode } from 'react';
import type { Locale } from './locales';
import type { MessageId } from './message-id';
import { firstLocale, type MessageValues } from './i18n';

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `t` for a component: it re-renders in the new language when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui();
  return _ as Translate;
}

/** The active language (a catalog's code), e.g. for the language picker. */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

/** The `Intl` tag to format numbers and dates with in components (see intlLocaleFor). */
export function useIntlLocale(): string {
  const { i18n } = useLingui();
  return firstLocale(i18n.locales) ?? i18n.locale;
}

/**
 * A message with parts that are elements, not text: `"Read the <0>privacy notes</0>."` with
 * `components={{ 0: <Link to="/about" /> }}`. Plain text needs only `useT()`.
 */
export function Msg({ id, values, components }: { id: MessageId; values?: Readonly<Record<string, ReactNode>>; components?: Readonly<Record<string, ReactElement>> }): ReactNode {
  return <Trans id={id} values={values} components={components as Record<string, ReactElement>} />;
}
