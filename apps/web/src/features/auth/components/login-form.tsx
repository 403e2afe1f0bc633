import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { normalizeJoinCode } from '@kolikko/core/rules/identity';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { homePath, type UserArea } from '../../../lib/auth.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { IconQrcode } from '../../../components/icons.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useLogin } from '../api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { SsoButtons } from './sso-buttons.tsx';
import { TermsModal } from './terms-modal.tsx';
import classes from './login-form.module.css';
import type { BadgeScannerDialogProps } from './badge-scanner-dialog.tsx';

/** The camera scanner: its code (and the QR decoder it may fetch) comes with the first "Scan my badge". */
const BadgeScannerDialog = lazyDialog<BadgeScannerDialogProps>(
  () => import('./badge-scanner-dialog.tsx').then((module) => module.BadgeScannerDialog),
  (props) => props.opened,
);

/** Error values of the ?error= parameter that have their own text; the rest read as the server error. */
const LOGIN_PAGE_ERRORS = new Set(['AUTH.NO_AUTH', 'AUTH.VERIFICATION_FAILED', 'AUTH.SSO_FAILED']);

/** Shows the message that ?success= or ?error= carries, then removes both from the address. */
function useLoginPageMessage() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const success = params.get('success');
    const error = params.get('error');
    if (success === null && error === null) return;
    if (success === 'true') showSuccess('success.EMAIL_VERIFIED');
    if (error !== null) showErrorCode(LOGIN_PAGE_ERRORS.has(error) ? error : 'SERVER.ERROR');
    const next = new URLSearchParams(params);
    next.delete('success');
    next.delete('error');
    setParams(next, { replace: true });
  }, [params, setParams]);
}

export function LoginForm({ area }: { area: UserArea }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [termsOpened, terms] = useDisclosure(false);
  const [scannerOpened, scanner] = useDisclosure(false);
  // Issue 31: a name several students share needs the class's code; the field shows once the server says so.
  const [needsCode, setNeedsCode] = useState(false);
  const [groupCode, setGroupCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const loginMutation = useLogin(area);
  useLoginPageMessage();

  // The code's field appears with the server's answer: the cursor goes there.
  useEffect(() => {
    if (needsCode) codeInput.current?.focus();
  }, [needsCode]);

  const isBlank = loginName.trim() === '' || password === '' || (needsCode && groupCode.trim() === '');

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlank || loginMutation.isPending) return;
    loginMutation.mutate(
      { loginName: loginName.trim(), password, ...(needsCode ? { group_code: normalizeJoinCode(groupCode) } : {}) },
      {
        onSuccess: () => void navigate(homePath(area), { replace: true }),
        onError: (error) => {
          const code = error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
          // The name is shared: the password typed may be right, only the class is missing.
          if (code === 'USER.AMBIGUOUS_NAME' && area === 'student') setNeedsCode(true);
          else setPassword('');
          showErrorCode(code);
        },
      },
    );
  }

  function typeInstead() {
    scanner.close();
    usernameInput.current?.focus();
  }

  const otherArea: UserArea = area === 'teacher' ? 'student' : 'teacher';

  return (
    <AuthCard area={area} title={t(`auth.login.title.${area}`)} subtitle={t(`auth.login.subtitle.${area}`)}>
      {area === 'student' ? (
        <>
          <Button size="lg" variant="light" color="teal" leftSection={<IconQrcode size={26} />} onClick={scanner.open} fullWidth data-testid="scan-badge-button">
            {t('auth.badge.open')}
          </Button>
          <Divider label={t('auth.badge.or')} labelPosition="center" />
        </>
      ) : null}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={usernameInput}
            id="login-username"
            label={t('auth.fields.username')}
            description={area === 'teacher' ? t('auth.login.usernameHintTeacher') : undefined}
            value={loginName}
            onChange={(event) => setLoginName(event.currentTarget.value)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            size="md"
          />
          <PasswordField
            id="login-password"
            label={t('auth.fields.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            visible={passwordVisible}
            onToggleVisible={() => setPasswordVisible((v) => !v)}
            autoComplete="current-password"
            required
            size="md"
          />
          {needsCode ? (
            <TextInput
              ref={codeInput}
              id="login-group-code"
              label={t('auth.fields.classCode')}
              description={t('auth.login.classCodeHint')}
              value={groupCode}
              onChange={(event) => setGroupCode(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              size="md"
              maxLength={20}
              classNames={{ input: classes.code }}
              data-testid="login-group-code"
            />
          ) : null}
          {area === 'teacher' ? (
            <Anchor component={Link} to="/teacher/forgot-password" size="sm" fw={600} w="fit-content">
              {t('auth.login.forgotPassword')}
            </Anchor>
          ) : (
            <Text size="sm" c="dark.4" data-testid="student-password-note">
              {t('auth.login.studentForgotNote')}
            </Text>
          )}
          <Button type="submit" size="md" disabled={isBlank} loading={loginMutation.isPending} fullWidth>
            {t('auth.login.submit')}
          </Button>
          <Text size="sm" c="dark.4">
            <Trans
              i18nKey="auth.login.termsNotice"
              components={{
                terms: <Anchor component="button" type="button" size="sm" fw={600} onClick={terms.open} />,
              }}
            />
          </Text>
        </Stack>
      </form>
      {area === 'teacher' ? <SsoButtons mode="login" /> : null}
      <Divider />
      <Stack gap={6}>
        <Text size="sm">
          {t(`auth.login.noAccount.${area}`)}{' '}
          <Anchor component={Link} to={`/${area}/signup`} fw={700}>
            {t(`auth.login.signupLink.${area}`)}
          </Anchor>
        </Text>
        <Text size="sm">
          {t(`auth.switchRole.${otherArea}`)}{' '}
          <Anchor component={Link} to={`/${otherArea}/login`} fw={700}>
            {t(`auth.switchRole.loginLink.${otherArea}`)}
          </Anchor>
        </Text>
      </Stack>
      <TermsModal opened={termsOpened} onClose={terms.close} />
      {area === 'student' ? <BadgeScannerDialog opened={scannerOpened} onClose={scanner.close} onTypeInstead={typeInstead} /> : null}
    </AuthCard>
  );
}
