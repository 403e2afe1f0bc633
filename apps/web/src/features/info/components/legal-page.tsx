import { Anchor, Group, Stack, Title } from '@mantine/core';
import { LEGAL_DOCUMENTS, LegalDocument, type LegalDocumentName } from '../../../components/legal-document.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { NavLink, useParams } from '../../../lib/router.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import classes from './info.module.css';

function documentOf(param: string | undefined): LegalDocumentName {
  return LEGAL_DOCUMENTS.find((name) => name === param) ?? 'terms';
}

/** /legal/terms, /legal/privacy, /legal/cookies (/legal and an unknown name show the terms): the texts of the signup popup. */
export function LegalPage() {
  const { t } = useTranslation();
  const document = documentOf(useParams().document);
  const title = t(`legal.documents.${document}`);
  usePageTitle(title);
  return (
    <Stack gap="lg" pb="xl" className={classes.readable}>
      <Group component="nav" aria-label={t('legal.navLabel')} gap="md">
        {LEGAL_DOCUMENTS.map((name) => (
          <Anchor key={name} component={NavLink} to={`/legal/${name}`} fw={name === document ? 700 : 500} c={name === document ? 'dark.9' : undefined}>
            {t(`legal.documents.${name}`)}
          </Anchor>
        ))}
      </Group>
      <Title order={1}>{title}</Title>
      <LegalDocument document={document} headingOrder={2} />
    </Stack>
  );
}
