import { useEffect } from 'react';
import { useTranslation } from './i18n.ts';

/** Names the browser tab after the page, so screen reader users hear where they landed. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
