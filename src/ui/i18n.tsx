import { i18n } from '@lingui/core';
import {
  I18nProvider,
  LinguiContext,
  Trans as LinguiTrans,
  type I18nContext,
  type TransProps,
} from '@lingui/react';
import { useContext, useSyncExternalStore } from 'react';

/**
 * The React side of the message catalogue (issue 59), where the macros' `Trans` and `useLingui`
 * resolve (lingui.config.ts, `runtimeConfigModule`). Each app renders inside an I18nProvider; a
 * component rendered alone (a test) reads the one i18n instance the app activates, and follows its
 * changes all the same.
 */

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale;

export function useLingui(): I18nContext {
  const context = useContext(LinguiContext);
  // Read on every render so a component without a provider renders again when the locale changes.
  useSyncExternalStore(subscribe, currentLocale, currentLocale);
  if (context) return context;
  return { i18n, _: i18n._.bind(i18n) };
}

export function Trans(props: TransProps) {
  const context = useContext(LinguiContext);
  if (context) return <LinguiTrans {...props} />;
  return (
    <I18nProvider i18n={i18n}>
      <LinguiTrans {...props} />
    </I18nProvider>
  );
}
