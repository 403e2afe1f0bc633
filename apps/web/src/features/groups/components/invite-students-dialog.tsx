import { Fragment, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatJoinCode } from '@kolikko/core/rules/identity';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconAlertTriangle, IconLock } from '../../../components/icons.tsx';
import { IconMaximize, IconRefresh } from '../../../components/teacher-icons.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useRenewJoinCode } from '../api/renew-join-code.ts';
import { useQrCode } from '../hooks/use-qr-code.ts';
import { CopyTextButton, joinLink, signupAddress } from './join-instructions.tsx';
import classes from './invite-students.module.css';

export interface InviteStudentsDialogProps {
  teacherId: string;
  /** The group as the cache holds it now, so a renewed code shows at once. */
  group: TGroup;
  opened: boolean;
  onClose: () => void;
  /**
   * True when opened inside another dialog's Modal.Stack (the group settings): its dialogs join
   * that stack, so Escape closes only the one on top.
   */
  inStack?: boolean;
}

function QrImage({ src, alt, className }: { src: string | undefined; alt: string; className: string | undefined }) {
  if (!src) return <Skeleton className={className} radius="sm" />;
  return <img src={src} alt={alt} className={className} data-testid="invite-qr" />;
}

/** An address that may wrap only before a slash, never inside a word. */
function BreakableAddress({ address }: { address: string }) {
  return address.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          <wbr />/
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

/** Locked or full: nobody can join now, whatever the code. */
function JoinBlockedAlert({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  if (group.locked) {
    return (
      <Alert color="orange" variant="light" icon={<IconLock size={18} />} c="dark.8" data-testid="invite-locked">
        {t('groups.join.lockedWarning')}
      </Alert>
    );
  }
  if (group.member_count >= group.member_limit) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} c="dark.8">
        {t('groups.invite.fullWarning', { limit: group.member_limit })}
      </Alert>
    );
  }
  return null;
}

/**
 * Issue 31: how students join a group, at any time: its join code shown big, the QR code of the
 * join link (which fills the code in), the link, a full-screen view for the projector, and a new
 * code when the old one has spread too far (the old one stops at once, members stay).
 */
export function InviteStudentsDialog({ inStack = false, ...props }: InviteStudentsDialogProps) {
  const dialogs = <InviteDialogs {...props} />;
  return inStack ? dialogs : <Modal.Stack>{dialogs}</Modal.Stack>;
}

function InviteDialogs({ teacherId, group, opened: wanted, onClose }: Omit<InviteStudentsDialogProps, 'inStack'>) {
  const { t } = useTranslation();
  const opened = useOpenAfterMount(wanted);
  const [projecting, setProjecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renew = useRenewJoinCode(teacherId);
  const link = joinLink(group);
  const qr = useQrCode(link);
  const code = formatJoinCode(group.join_code);
  const address = signupAddress();
  const qrAlt = t('groups.join.qrAlt', { name: group.name });

  function handleRenew() {
    renew.mutate(group.id, {
      onSuccess: (renewed) => {
        setConfirming(false);
        showSuccess('groups.invite.renewed', { code: formatJoinCode(renewed.join_code) });
      },
      onError: (error) => {
        setConfirming(false);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  return (
    <>
      <Modal
        stackId="invite-students"
        opened={opened}
        onClose={onClose}
        size={640}
        title={t('groups.invite.title', { name: group.name })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg" data-testid="invite-students">
          <JoinBlockedAlert group={group} />
          <div className={classes.layout}>
            <Stack gap={6} className={classes.codeColumn}>
              <Text fw={700} id="invite-code-label">
                {t('groups.invite.codeLabel')}
              </Text>
              <p className={classes.code} aria-labelledby="invite-code-label" data-testid="join-code">
                {code}
              </p>
              <Text size="sm" c="dark.5">
                {t('groups.invite.codeHint', { address })}
              </Text>
              <Group gap="sm" mt={4}>
                <CopyTextButton value={group.join_code} label={t('groups.invite.copyCode')} copiedLabel={t('groups.invite.copied')} testId="copy-join-code" />
              </Group>
            </Stack>
            <div className={classes.qrBox}>
              {qr.isError ? <Text size="sm">{t('groups.join.qrFailed')}</Text> : <QrImage src={qr.data} alt={qrAlt} className={classes.qr} />}
            </div>
          </div>
          <Stack gap={6}>
            <Text fw={700} id="invite-link-label">
              {t('groups.join.linkLabel')}
            </Text>
            <Anchor href={link} target="_blank" rel="noreferrer" className={classes.link} data-testid="invite-link" aria-describedby="invite-link-label">
              {link}
            </Anchor>
            <Group gap="sm">
              <CopyTextButton value={link} label={t('groups.join.copy')} copiedLabel={t('groups.invite.copied')} testId="copy-join-link" />
            </Group>
          </Stack>
          <Text size="sm" c="dark.5" data-testid="invite-size">
            {t('groups.memberCountOfLimit', { count: group.member_count, limit: group.member_limit })}
          </Text>
          <Group gap="sm" justify="space-between">
            <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={() => setConfirming(true)}>
              {t('groups.invite.renew')}
            </Button>
            <Button leftSection={<IconMaximize size={18} />} onClick={() => setProjecting(true)}>
              {t('groups.invite.fullScreen')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        stackId="invite-students-projector"
        opened={projecting && opened}
        onClose={() => setProjecting(false)}
        fullScreen
        radius={0}
        transitionProps={{ transition: 'fade', duration: 150 }}
        title={<span className={classes.projectorTitle}>{group.name}</span>}
        closeButtonProps={{ 'aria-label': t('groups.invite.closeFullScreen'), size: 'xl' }}
      >
        <div className={classes.projector} data-testid="invite-projector">
          <JoinBlockedAlert group={group} />
          <div className={classes.projectorMain}>
            <div className={classes.projectorText}>
              <p className={classes.projectorLead}>{t('groups.invite.projectorLead')}</p>
              <p className={classes.projectorAddress}>
                <BreakableAddress address={address} />
              </p>
              <p className={classes.projectorLead}>{t('groups.invite.projectorThen')}</p>
              <p className={classes.projectorCode} aria-label={t('groups.invite.codeAria', { code: group.join_code.split('').join(' ') })} data-testid="projector-code">
                {code}
              </p>
            </div>
            <div className={classes.projectorQrBox}>
              {qr.data ? <img src={qr.data} alt={qrAlt} className={classes.projectorQr} /> : null}
            </div>
          </div>
          <Text c="dark.5" ta="center">
            {t('groups.invite.escapeHint')}
          </Text>
        </div>
      </Modal>

      <ConfirmModal
        stackId="invite-renew-confirm"
        opened={confirming && opened}
        onClose={() => setConfirming(false)}
        onConfirm={handleRenew}
        loading={renew.isPending}
        title={t('groups.invite.renewTitle')}
      >
        <Text>{t('groups.invite.renewText', { code })}</Text>
      </ConfirmModal>
    </>
  );
}
