import { useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { TypeToConfirm } from '../../../components/type-to-confirm.tsx';
import { useSignedOut, type UserArea } from '../../../lib/auth.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';

interface DeleteAccountProps {
  area: UserArea;
  username: string;
  remove: () => Promise<unknown>;
  isRemoving: boolean;
}

/** Spec section 5: typing the username exactly enables the delete; a confirmation precedes it. */
export function DeleteAccount({ area, username, remove, isRemoving }: DeleteAccountProps) {
  const { t } = useTranslation();
  const signedOut = useSignedOut();
  const [confirming, setConfirming] = useState(false);

  function handleConfirm() {
    remove().then(
      () => {
        showSuccess('success.ACCOUNT_DELETED');
        signedOut(area);
      },
      (error: unknown) => {
        setConfirming(false);
        showErrorCode(errorCodeOf(error));
      },
    );
  }

  return (
    <>
      <TypeToConfirm
        title={t('profile.delete.title')}
        description={t(`profile.delete.text.${area}`)}
        inputLabel={t('profile.delete.input')}
        inputHint={t('profile.delete.hint', { username })}
        expected={username}
        buttonLabel={t('profile.delete.button')}
        onRequest={() => setConfirming(true)}
      />
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={handleConfirm}
        loading={isRemoving}
        danger
        title={t('profile.delete.confirmTitle')}
      >
        <Text>{t(`profile.delete.confirmText.${area}`)}</Text>
      </ConfirmModal>
    </>
  );
}
