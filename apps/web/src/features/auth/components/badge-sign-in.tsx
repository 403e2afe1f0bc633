import { useLayoutEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { homePath, loginPath } from '../../../lib/auth.ts';
import { showBanner, showErrorCode } from '../../../lib/banner.ts';
import { useNavigate } from '../../../lib/router.tsx';
import { useBadgeLogin } from '../api/login.ts';
import { badgeTokenOfHash } from '../badge-link.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * The badge's secret from the address, taken out of it at once (before anything else can copy
 * the address: history, a shared screen, a bookmark). It is in the fragment, which the browser
 * never sends to a server.
 */
function takeBadgeTokenFromAddress(): string | null {
  const token = badgeTokenOfHash(window.location.hash);
  if (window.location.hash !== '') window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}

/**
 * /student/badge#<token> (issue 31): what a badge's QR code opens when read with a phone's or
 * tablet's own camera app. Signs the student in with the badge and goes home; a badge that does
 * not work goes to the login page, which says to ask the teacher for a new one.
 */
export function BadgeSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const badgeLogin = useBadgeLogin();
  // Once, before the first paint (React's development mode runs effects twice: the ref remembers).
  const taken = useRef(false);

  useLayoutEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const token = takeBadgeTokenFromAddress();
    const toLogin = () => void navigate(loginPath('student'), { replace: true });
    if (!token) {
      showBanner('error', 'auth.badge.linkFailed');
      toLogin();
      return;
    }
    badgeLogin.mutate(token, {
      onSuccess: () => void navigate(homePath('student'), { replace: true }),
      onError: (error) => {
        const code = error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
        if (code === 'AUTH.LOGIN_FAILED') showBanner('error', 'auth.badge.linkFailed');
        else showErrorCode(code);
        toLogin();
      },
    });
  }, [badgeLogin, navigate]);

  return (
    <AuthCard area="student" title={t('auth.badge.linkTitle')}>
      <Stack align="center" gap="md" py="md" aria-live="polite">
        <Loader color="teal" aria-hidden="true" />
        <Text size="lg" fw={600}>
          {t('auth.badge.status.signingIn')}
        </Text>
      </Stack>
    </AuthCard>
  );
}
