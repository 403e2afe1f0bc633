import { Button } from '@mantine/core';
import { Icon, type IconProps } from '../../../components/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';

function IconReport(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h16M7 16v-5M12 16V7M17 16v-8" />
    </Icon>
  );
}

/** "Report" (issue 33): the group's class report, on a page of its own (loaded when opened). */
export function ReportButton({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={`/teacher/report/${encodeURIComponent(groupId)}`} variant="default" size="sm" leftSection={<IconReport size={16} />} data-testid="open-report-button">
      {t('groups.members.report')}
    </Button>
  );
}
