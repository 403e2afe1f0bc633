import { Alert, Anchor, Button, CopyButton, Group, Paper, Portal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatJoinCode } from '@kolikko/core/rules/identity';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { IconLock } from '../../../components/icons.tsx';
import { IconCheck, IconCopy, IconPrinter } from '../../../components/teacher-icons.tsx';
import { useQrCode } from '../hooks/use-qr-code.ts';
import classes from './join-instructions.module.css';

const STEPS = ['scan', 'signup', 'share'] as const;

/** The address a student opens to join: the signup form with the group's join code filled in. */
export function joinLink(group: TGroup): string {
  return `${window.location.origin}/student/signup?code=${encodeURIComponent(group.join_code)}`;
}

/** The signup page as a student types it, without the scheme: where the join code is typed in. */
export function signupAddress(): string {
  return `${window.location.host}/student/signup`;
}

/** A button that copies a text and says so for a moment (the join code, the join link). */
export function CopyTextButton({ value, label, copiedLabel, testId }: { value: string; label: string; copiedLabel: string; testId?: string }) {
  return (
    <CopyButton value={value} timeout={2500}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal.8' : undefined}
          leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          onClick={copy}
          data-testid={testId}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

function QrImage({ src, alt, size }: { src: string | undefined; alt: string; size: number }) {
  if (!src) return <Skeleton width={size} height={size} radius="sm" />;
  return <img src={src} alt={alt} width={size} height={size} className={classes.qr} data-testid="join-qr" />;
}

/**
 * Spec section 2: a group without members shows how students join: read the QR code, sign up
 * to the group, start sharing. The print button prints only the join sheet (see the CSS).
 */
export function JoinInstructions({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const link = joinLink(group);
  const qr = useQrCode(link);
  const qrAlt = t('groups.join.qrAlt', { name: group.name });
  const code = formatJoinCode(group.join_code);
  const stepValues = { name: group.name, code, address: signupAddress() };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="join-instructions">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={3} fz={22}>
            {t('groups.join.title')}
          </Title>
          <Text c="dark.5">{t('groups.join.intro', { name: group.name })}</Text>
        </Stack>
        {group.locked ? (
          <Alert color="orange" variant="light" icon={<IconLock size={18} />} c="dark.8">
            {t('groups.join.lockedWarning')}
          </Alert>
        ) : null}
        <div className={classes.layout}>
          <ol className={classes.steps}>
            {STEPS.map((step) => (
              <li key={step}>{t(`groups.join.steps.${step}`, stepValues)}</li>
            ))}
          </ol>
          <div className={classes.qrBox}>
            {qr.isError ? <Text size="sm">{t('groups.join.qrFailed')}</Text> : <QrImage src={qr.data} alt={qrAlt} size={180} />}
          </div>
        </div>
        <Stack gap={2}>
          <Text fw={700} id="join-code-label">
            {t('groups.invite.codeLabel')}
          </Text>
          <p className={classes.code} aria-labelledby="join-code-label" data-testid="join-instructions-code">
            {code}
          </p>
        </Stack>
        <Stack gap={6}>
          <Text fw={700} id="join-link-label">
            {t('groups.join.linkLabel')}
          </Text>
          <Anchor href={link} target="_blank" rel="noreferrer" className={classes.link} data-testid="join-link" aria-describedby="join-link-label">
            {link}
          </Anchor>
        </Stack>
        <Group gap="sm">
          <CopyTextButton value={link} label={t('groups.join.copy')} copiedLabel={t('groups.join.copied')} />
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
            {t('groups.join.print')}
          </Button>
        </Group>
        <Text size="sm" c="dark.4">
          {t('groups.join.waiting')}
        </Text>
      </Stack>

      {/* Only printed: the group name, the QR code and the link, on a clean page. */}
      <Portal>
        <div className={classes.printSheet} aria-hidden="true">
          <h1>{group.name}</h1>
          <p className={classes.printLead}>{t('groups.join.printLead')}</p>
          {qr.data ? <img src={qr.data} alt="" width={360} height={360} /> : null}
          <p className={classes.printCodeLabel}>{t('groups.invite.codeLabel')}</p>
          <p className={classes.printCode}>{code}</p>
          <p className={classes.printLink}>{link}</p>
          <ol>
            {STEPS.map((step) => (
              <li key={step}>{t(`groups.join.steps.${step}`, stepValues)}</li>
            ))}
          </ol>
        </div>
      </Portal>
    </Paper>
  );
}
