import '../../../lib/zod-config.ts';
import { useState, type SubmitEvent } from 'react';
import { Anchor, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { TEACHER_MINIMUM_AGE, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@kolikko/core/limits';
import type { TSsoPending } from '@kolikko/core/schemas/sso';
import { ZSsoSignupRequest } from '@kolikko/core/schemas/sso';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useSsoLink, useSsoPending, useSsoSignup } from '../api/sso.ts';
import { useSignupForm } from '../hooks/use-signup-form.ts';
import { focusField } from '../hooks/use-field-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

const FIELD_ID = { username: 'sso-username', email: 'sso-email', password: 'sso-password', passwordConfirm: 'sso-password' } as const;

/** Server codes that belong under one field rather than in the banner. */
const SERVER_FIELD: Partial<Record<string, 'username' | 'email'>> = {
  'USER.INVALID_USERNAME': 'username',
  'USER.USERNAME_TAKEN': 'username',
  'USER.INVALID_EMAIL': 'email',
  'USER.EMAIL_TAKEN': 'email',
};

/**
 * /teacher/sso (issue 34): a first sign-in through a provider. Either the teacher picks a username
 * (and an e-mail when the provider vouched for none) and accepts the terms, or an account has the
 * e-mail the provider vouched for and its password links the two. Both end signed in, at home.
 */
export function SsoPage() {
  const { t } = useTranslation();
  const pending = useSsoPending();
  if (pending.isPending) {
    return (
      <AuthCard area="teacher" title={t('sso.page.title')}>
        <Skeleton height={120} radius="md" aria-label={t('common.loading')} />
      </AuthCard>
    );
  }
  if (pending.isError) {
    const code = errorCodeOf(pending.error);
    return (
      <AuthCard area="teacher" title={t('sso.page.failedTitle')}>
        <Text role="alert" data-testid="sso-failed">
          {t(errorMessageKey(code === 'SERVER.ERROR' ? code : 'AUTH.SSO_FAILED'))}
        </Text>
        <Anchor component={Link} to="/teacher/login" fw={700} w="fit-content">
          {t('sso.page.backToLogin')}
        </Anchor>
      </AuthCard>
    );
  }
  return pending.data.step === 'link' ? <SsoLinkStep pending={pending.data} /> : <SsoSignupStep pending={pending.data} />;
}

function SsoSignupStep({ pending }: { pending: TSsoPending }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSsoSignup();
  const needsEmail = pending.email === null;
  const { values, update, errors, accepted, setAccepted, isIncomplete, handleSubmit } = useSignupForm({
    fields: needsEmail ? (['username', 'email'] as const) : (['username'] as const),
    fieldIds: FIELD_ID,
    initial: { username: '', email: '', password: '', passwordConfirm: '' },
    serverFields: needsEmail ? SERVER_FIELD : { ...SERVER_FIELD, 'USER.INVALID_EMAIL': undefined, 'USER.EMAIL_TAKEN': undefined },
    // Parsed only once the terms box is ticked (isIncomplete).
    parse: ({ username, email }) => ZSsoSignupRequest.safeParse({ username, ...(needsEmail ? { email } : {}), terms_accepted: true }),
    send: (request, handlers) => signup.mutate(request, handlers),
    pending: signup.isPending,
    onSuccess: () => void navigate('/teacher/home', { replace: true }),
  });

  return (
    <AuthCard area="teacher" title={t('sso.page.signupTitle')} subtitle={t('sso.page.signupText', { label: pending.label })}>
      <form onSubmit={handleSubmit} noValidate data-testid="sso-signup">
        <Stack gap="md">
          {pending.email !== null ? (
            <Text size="sm" data-testid="sso-email">
              {t('sso.page.emailFrom', { email: pending.email, label: pending.label })}
            </Text>
          ) : null}
          <TextInput
            id={FIELD_ID.username}
            label={t('auth.fields.username')}
            description={t('auth.hints.username', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
            value={values.username}
            onChange={(event) => update('username', event.currentTarget.value)}
            error={errors.username ? t(errors.username) : undefined}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            size="md"
            data-autofocus
          />
          {needsEmail ? (
            <TextInput
              id={FIELD_ID.email}
              type="email"
              label={t('auth.fields.email')}
              description={t('sso.page.emailHint', { label: pending.label })}
              value={values.email}
              onChange={(event) => update('email', event.currentTarget.value)}
              error={errors.email ? t(errors.email) : undefined}
              autoComplete="email"
              required
              size="md"
            />
          ) : null}
          <TermsCheckbox id="sso-terms" label={t('auth.signup.termsLabel.teacher', { age: TEACHER_MINIMUM_AGE })} checked={accepted} onChange={setAccepted} />
          <Button type="submit" size="md" fullWidth disabled={isIncomplete} loading={signup.isPending}>
            {t('sso.page.submitSignup')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

function SsoLinkStep({ pending }: { pending: TSsoPending }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useSsoLink();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || link.isPending) return;
    link.mutate(password, {
      onSuccess: () => void navigate('/teacher/home', { replace: true }),
      onError: (err) => {
        const code = err instanceof ApiError ? err.errorCode : 'SERVER.ERROR';
        setPassword('');
        if (code === 'AUTH.WRONG_PASSWORD' || code === 'AUTH.LOGIN_FAILED') {
          setError(errorMessageKey(code));
          focusField(FIELD_ID.password);
        } else {
          showErrorCode(code);
        }
      },
    });
  }

  return (
    <AuthCard area="teacher" title={t('sso.page.linkTitle')}>
      <form onSubmit={handleSubmit} noValidate data-testid="sso-link">
        <Stack gap="md">
          <Text>{t('sso.page.linkText', { email: pending.email ?? '', label: pending.label })}</Text>
          <PasswordField
            id={FIELD_ID.password}
            label={t('auth.fields.password')}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(undefined);
            }}
            error={error ? t(error) : undefined}
            visible={visible}
            onToggleVisible={() => setVisible((v) => !v)}
            autoComplete="current-password"
            required
            size="md"
          />
          <Anchor component={Link} to="/teacher/forgot-password" size="sm" fw={600} w="fit-content">
            {t('auth.login.forgotPassword')}
          </Anchor>
          <Button type="submit" size="md" fullWidth disabled={password === ''} loading={link.isPending}>
            {t('sso.page.submitLink')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
