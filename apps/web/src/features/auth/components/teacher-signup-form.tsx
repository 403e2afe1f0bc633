import '../../../lib/zod-config.ts';
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH, TEACHER_MINIMUM_AGE, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@kolikko/core/limits';
import { ZTeacherSignupRequest } from '@kolikko/core/schemas/auth';
import { showSuccess } from '../../../lib/banner.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useSignupTeacher } from '../api/signup-teacher.ts';
import { useSignupForm } from '../hooks/use-signup-form.ts';
import { AuthCard } from './auth-card.tsx';
import { SsoButtons } from './sso-buttons.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

const FIELDS = ['username', 'email', 'password', 'passwordConfirm'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_ID: Record<Field, string> = {
  username: 'signup-username',
  email: 'signup-email',
  password: 'signup-password',
  passwordConfirm: 'signup-password-confirm',
};

/** Server codes that belong under one field rather than in the banner. */
const SERVER_FIELD: Partial<Record<string, Field>> = {
  'USER.INVALID_USERNAME': 'username',
  'USER.USERNAME_TAKEN': 'username',
  'USER.INVALID_EMAIL': 'email',
  'USER.EMAIL_TAKEN': 'email',
  'USER.INVALID_PASSWORD': 'password',
};

export function TeacherSignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignupTeacher();
  const { values, update, errors, accepted, setAccepted, passwordVisible, setPasswordVisible, isIncomplete, handleSubmit } = useSignupForm({
    fields: FIELDS,
    fieldIds: FIELD_ID,
    initial: { username: '', email: '', password: '', passwordConfirm: '' },
    serverFields: SERVER_FIELD,
    parse: ({ username, email, password }) => ZTeacherSignupRequest.safeParse({ username, email, password }),
    send: (request, handlers) => signup.mutate(request, handlers),
    pending: signup.isPending,
    onSuccess: () => {
      showSuccess('success.SIGNUP_CONFIRM_EMAIL');
      void navigate('/teacher/login');
    },
  });

  const submitLabel =
    signup.phase === 'captcha' ? t('auth.signup.checkingHuman') : signup.isPending ? t('auth.signup.creating') : t('auth.signup.submit.teacher');

  return (
    <AuthCard area="teacher" title={t('auth.signup.title.teacher')} subtitle={t('auth.signup.subtitle.teacher')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
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
          />
          <TextInput
            id={FIELD_ID.email}
            type="email"
            label={t('auth.fields.email')}
            description={t('auth.hints.email')}
            value={values.email}
            onChange={(event) => update('email', event.currentTarget.value)}
            error={errors.email ? t(errors.email) : undefined}
            autoComplete="email"
            required
            size="md"
          />
          <PasswordField
            id={FIELD_ID.password}
            label={t('auth.fields.password')}
            description={t('auth.hints.password', { min: PASSWORD_MIN_LENGTH, recommended: PASSWORD_RECOMMENDED_LENGTH })}
            value={values.password}
            onChange={(event) => update('password', event.currentTarget.value)}
            error={errors.password ? t(errors.password) : undefined}
            visible={passwordVisible}
            onToggleVisible={() => setPasswordVisible((v) => !v)}
            autoComplete="new-password"
            required
            size="md"
          />
          <PasswordField
            id={FIELD_ID.passwordConfirm}
            label={t('auth.fields.passwordConfirm')}
            value={values.passwordConfirm}
            onChange={(event) => update('passwordConfirm', event.currentTarget.value)}
            error={errors.passwordConfirm ? t(errors.passwordConfirm) : undefined}
            visible={passwordVisible}
            autoComplete="new-password"
            required
            size="md"
          />
          <TermsCheckbox
            id="signup-terms"
            label={t('auth.signup.termsLabel.teacher', { age: TEACHER_MINIMUM_AGE })}
            checked={accepted}
            onChange={setAccepted}
          />
          <Button type="submit" size="md" fullWidth disabled={isIncomplete || signup.isPending}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
      <SsoButtons mode="signup" />
      <Divider />
      <Text size="sm">
        {t('auth.signup.haveAccount')}{' '}
        <Anchor component={Link} to="/teacher/login" fw={700}>
          {t('auth.signup.loginLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
