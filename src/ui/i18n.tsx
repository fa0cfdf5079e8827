import { i18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { cloneElement, Fragment, useSyncExternalStore } from 'react';
import type { ReactElement, ReactNode } from 'react';

/**
 * The React side of the message catalogue (issue 59), where the macros' `Trans` and `useLingui`
 * resolve (lingui.config.ts, `runtimeConfigModule`). Both apps read the one i18n instance
 * src/lib/i18n.ts activates, with no provider around them: a component that shows a message renders
 * again when the language changes. This is the part of @lingui/react the apps use, small enough for
 * the first route's budget (no provider, no render props).
 */

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale;

export interface I18nContext {
  i18n: I18n;
  _: I18n['_'];
}

export function useLingui(): I18nContext {
  // Read on every render so the component renders again when the locale changes.
  useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { i18n, _: i18n._.bind(i18n) };
}

/** `<0>…</0>` and `<0/>`: where a message's numbered elements stand. */
const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\/>/;

/** A translated message's text with its numbered tags drawn as the elements they stand for. */
function withElements(text: string, elements: Record<string, ReactElement>): ReactNode {
  const parts = text.split(TAG);
  if (parts.length === 1) return text;
  const tree: ReactNode[] = [];
  let key = 0;
  if (parts[0]) tree.push(parts[0]);
  for (let i = 1; i < parts.length; i += 4) {
    const [paired, children, unpaired, after] = parts.slice(i, i + 4);
    const element = elements[(paired ?? unpaired)!] ?? <Fragment />;
    tree.push(
      cloneElement(
        element,
        { key: key++ },
        children
          ? withElements(children, elements)
          : (element.props as { children?: ReactNode }).children,
      ),
    );
    if (after) tree.push(after);
  }
  return tree.length === 1 ? tree[0] : tree;
}

export interface TransProps extends MessageDescriptor {
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}

/** A message with its values, and its elements (a link, bold) around the words they mark. */
export function Trans({ id, message, values, components = {} }: TransProps) {
  useLingui();
  const elements: Record<string, ReactElement> = { ...components };
  let shown = values;
  if (values) {
    // A value that is not text (an element) is drawn as one of the message's elements.
    shown = { ...values };
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' || typeof value === 'number') continue;
      const index = Object.keys(elements).length;
      elements[index] = <>{value as ReactNode}</>;
      shown[name] = `<${index}/>`;
    }
  }
  return <>{withElements(i18n._(id, shown, { message }), elements)}</>;
}
