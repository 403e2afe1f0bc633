import '../../../lib/zod-config.ts';
import { useState } from 'react';
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { GROUP_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@kolikko/core/limits';
import { formatJoinCode, looksLikeJoinCode, normalizeJoinCode } from '@kolikko/core/rules/identity';
import { ZMemberSignupRequest } from '@kolikko/core/schemas/auth';
import { homePath, setSessionUser } from '../../../lib/auth.ts';
import { showSuccessOnNextPage } from '../../../lib/banner.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useSignupStudent } from '../api/signup-student.ts';
import { useSignupForm } from '../hooks/use-signup-form.ts';
import { AuthCard } from './auth-card.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

const FIELDS = ['group_name', 'username', 'password', 'passwordConfirm'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_ID: Record<Field, string> = {
  group_name: 'signup-group',
  username: 'signup-username',
  password: 'signup-password',
  passwordConfirm: 'signup-password-confirm',
};

/** Server codes that belong under one field rather than in the banner. */
const SERVER_FIELD: Partial<Record<string, Field>> = {
  'GROUP.GROUP_NOT_FOUND': 'group_name',
  'GROUP.LOCKED': 'group_name',
  'GROUP.FULL': 'group_name',
  'GROUP.AMBIGUOUS_NAME': 'group_name',
  'GROUP.GROUP_NAME_MISSING': 'group_name',
  'USER.INVALID_USERNAME': 'username',
  'USER.USERNAME_TAKEN': 'username',
  'USER.INVALID_PASSWORD': 'password',
};

/** The class field takes a code or a name: these catalogue texts speak of a name only, so the form says it its own way. */
const CLASS_FIELD_TEXT: Partial<Record<string, string>> = {
  'errors.GROUP.GROUP_NOT_FOUND': 'auth.signup.classNotFound',
  'errors.GROUP.GROUP_NAME_MISSING': 'auth.signup.classMissing',
};

/**
 * What the field starts with: the join link's code (`?code=`, shown in two halves as the
 * teacher's screen shows it), or the group name of an older link (`?group=`).
 */
function initialClass(params: URLSearchParams): string {
  const code = params.get('code');
  if (code !== null) return looksLikeJoinCode(code) ? formatJoinCode(normalizeJoinCode(code)) : code.slice(0, GROUP_NAME_MAX_LENGTH);
  return (params.get('group') ?? '').slice(0, GROUP_NAME_MAX_LENGTH);
}

export function StudentSignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signup = useSignupStudent();
  // A free name the server offered when a classmate has the one typed; gone once the name is edited.
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const { values, update, errors, accepted, setAccepted, passwordVisible, setPasswordVisible, isIncomplete, handleSubmit } = useSignupForm({
    fields: FIELDS,
    fieldIds: FIELD_ID,
    initial: { group_name: initialClass(params), username: '', password: '', passwordConfirm: '' },
    serverFields: SERVER_FIELD,
    parse: ({ group_name, username, password }) => ZMemberSignupRequest.safeParse({ group_name, username, password }),
    send: (request, handlers) =>
      signup.mutate(request, {
        ...handlers,
        // The answer signed the student in. The banner comes first: with a user in the session,
        // this signed-out page goes to the student's home at once (PublicOnly), and the form with it.
        onSuccess: ({ user }) => {
          showSuccessOnNextPage('success.REGISTRATION_SUCCESS');
          setSessionUser(user);
          handlers.onSuccess();
        },
      }),
    pending: signup.isPending,
    onRefused: (error) => setSuggestion(error.errorCode === 'USER.USERNAME_TAKEN' ? (error.suggestion ?? null) : null),
    onSuccess: () => void navigate(homePath('student'), { replace: true }),
  });

  function updateUsername(value: string) {
    setSuggestion(null);
    update('username', value);
  }

  function usernameError(): string | undefined {
    if (!errors.username) return undefined;
    return suggestion === null ? t(errors.username) : t('auth.signup.classmateHasName');
  }

  return (
    <AuthCard area="student" title={t('auth.signup.title.student')} subtitle={t('auth.signup.subtitle.student')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            id={FIELD_ID.group_name}
            label={t('auth.fields.classCode')}
            description={t('auth.hints.classCode')}
            value={values.group_name}
            onChange={(event) => update('group_name', event.currentTarget.value)}
            error={errors.group_name ? t(CLASS_FIELD_TEXT[errors.group_name] ?? errors.group_name) : undefined}
            maxLength={GROUP_NAME_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            size="md"
          />
          <TextInput
            id={FIELD_ID.username}
            label={t('auth.fields.username')}
            description={t('auth.hints.studentUsername', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
            value={values.username}
            onChange={(event) => updateUsername(event.currentTarget.value)}
            error={usernameError()}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            size="md"
          />
          {errors.username && suggestion !== null ? (
            <Button variant="light" size="sm" mt={-8} onClick={() => updateUsername(suggestion)} data-testid="use-suggestion" style={{ alignSelf: 'flex-start' }}>
              {t('auth.signup.useSuggestion', { name: suggestion })}
            </Button>
          ) : null}
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
            label={t('auth.signup.termsLabel.student')}
            checked={accepted}
            onChange={setAccepted}
          />
          <Button type="submit" size="md" fullWidth disabled={isIncomplete} loading={signup.isPending}>
            {t('auth.signup.submit.student')}
          </Button>
        </Stack>
      </form>
      <Divider />
      <Text size="sm">
        {t('auth.signup.haveAccount')}{' '}
        <Anchor component={Link} to="/student/login" fw={700}>
          {t('auth.signup.loginLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
