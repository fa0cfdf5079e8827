// A catalogue imported by the apps, compiled at build time by @lingui/vite-plugin (src/lib/i18n.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
