import { Button } from '@mantine/core';
import { IconGift } from '../../../components/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';

/** "To hand out" (issue 33): the rewards the group's students bought, on a page of its own (loaded when opened). */
export function HandoutButton({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={`/teacher/handout/${encodeURIComponent(groupId)}`} variant="default" size="sm" leftSection={<IconGift size={16} />} data-testid="open-handout-button">
      {t('groups.members.handout')}
    </Button>
  );
}
