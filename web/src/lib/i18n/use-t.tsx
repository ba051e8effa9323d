import { I18nProvider, LinguiContext, Trans } from '@lingui/react';
import { useCallback, useContext, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { Locale } from './locales';
import type { MessageId } from './message-id';
import { firstLocale, i18n, type MessageValues } from './i18n';

export type Translate = (id: MessageId, values?: MessageValues) => string;

/*
 * Outside an I18nProvider (a component rendered on its own, as many component tests do) these hooks
 * read the app's one Lingui instance directly and still follow its changes, instead of throwing as
 * Lingui's own hooks do: the words are the same, and a language switch re-renders either way.
 */
let changes = 0;
i18n.on('change', () => {
  changes += 1;
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
// Under a provider its context already changes with the language: no listener per component (a long
// list would add hundreds).
const subscribeNowhere = () => () => undefined;
const changeCount = () => changes;

function useI18n() {
  const context = useContext(LinguiContext);
  // Called in both cases, so the hooks stay in the same order.
  const version = useSyncExternalStore(context === null ? subscribe : subscribeNowhere, changeCount, changeCount);
  return { context, version };
}

/** `t` for a component: it re-renders in the new language when the language changes. */
export function useT(): Translate {
  const { context, version } = useI18n();
  const contextual = context?._;
  // A new function after every change, so effects that depend on `t` (document.title) run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const direct = useCallback<Translate>((id, values) => i18n._(id, values as Record<string, unknown> | undefined), [version]);
  return (contextual as Translate | undefined) ?? direct;
}

/** The active language (a catalog's code), e.g. for the language picker. */
export function useLocale(): Locale {
  const { context } = useI18n();
  return (context?.i18n ?? i18n).locale as Locale;
}

/** The `Intl` tag to format numbers and dates with in components (see intlLocaleFor). */
export function useIntlLocale(): string {
  const { context } = useI18n();
  const instance = context?.i18n ?? i18n;
  return firstLocale(instance.locales) ?? instance.locale;
}

/**
 * A message with parts that are elements, not text: `"Read the <0>privacy notes</0>."` with
 * `components={{ 0: <Link to="/about" /> }}`. Plain text needs only `useT()`.
 */
export function Msg({ id, values, components }: { id: MessageId; values?: Readonly<Record<string, ReactNode>>; components?: Readonly<Record<string, ReactElement>> }): ReactNode {
  const { context } = useI18n();
  const message = <Trans id={id} values={values} components={components as Record<string, ReactElement>} />;
  return context === null ? <I18nProvider i18n={i18n}>{message}</I18nProvider> : message;
}
