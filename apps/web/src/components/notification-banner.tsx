import { useCallback, useEffect, useRef } from 'react';
import { CloseButton } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { BANNER_AUTO_HIDE_MS } from '@kolikko/core/limits';
import { clearBanner, useBanner } from '../lib/banner.ts';
import { bannerText } from '../lib/banner-text.ts';
import classes from './notification-banner.module.css';

/**
 * The one notification banner. The two live regions stay in the page so screen readers
 * announce what is put into them; the banner goes into the polite one for successes and the
 * assertive one for errors. It hides after BANNER_AUTO_HIDE_MS, paused while it is hovered or
 * focused, so nobody loses a message they are reading.
 */
export function NotificationBanner() {
  // useTranslation re-renders on a change of language, and the text is made here, not when shown.
  const { t, i18n } = useTranslation();
  const banner = useBanner();
  const timer = useRef<number | undefined>(undefined);

  const stopTimer = useCallback(() => {
    window.clearTimeout(timer.current);
  }, []);
  const startTimer = useCallback(() => {
    window.clearTimeout(timer.current);
    if (banner) timer.current = window.setTimeout(() => clearBanner(banner.id), BANNER_AUTO_HIDE_MS);
  }, [banner]);

  useEffect(() => {
    startTimer();
    return stopTimer;
  }, [startTimer, stopTimer]);

  const content = banner ? (
    <div
      className={classes.banner}
      data-kind={banner.kind}
      data-testid="notification-banner"
      onMouseEnter={stopTimer}
      onMouseLeave={startTimer}
      onFocus={stopTimer}
      onBlur={startTimer}
    >
      <p className={classes.text}>{bannerText(banner, t, i18n.language)}</p>
      <CloseButton
        aria-label={t('banner.close')}
        onClick={() => clearBanner(banner.id)}
        className={classes.close}
      />
    </div>
  ) : null;

  return (
    <div className={classes.regions}>
      <div role="status" aria-live="polite">
        {banner && banner.kind !== 'error' ? content : null}
      </div>
      <div role="alert" aria-live="assertive">
        {banner && banner.kind === 'error' ? content : null}
      </div>
    </div>
  );
}
