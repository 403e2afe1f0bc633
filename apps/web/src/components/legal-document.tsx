import type { ReactNode } from 'react';
import { Anchor, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation, withElements } from '../lib/i18n.ts';
import { usePublicSite } from '../lib/public-site.ts';
import { Link } from '../lib/router.tsx';

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

/** The sections of each text, in order; each has `legal.<document>.<section>.title` and `.body`. */
const SECTIONS: Record<LegalDocumentName, readonly string[]> = {
  terms: ['service', 'accounts', 'content', 'coins', 'privacy', 'ending', 'changes', 'contact'],
  privacy: ['controller', 'students', 'teachers', 'contactForm', 'security', 'use', 'where', 'retention', 'rights', 'breach', 'serviceEnd'],
  cookies: ['cookie', 'storage', 'noTracking', 'others'],
};

/** Where the tags of a text lead: `<contact>the contact form</contact>` and so on. */
const TAG_LINKS: Record<string, string> = {
  contact: '/contact',
  terms: '/legal/terms',
  privacy: '/legal/privacy',
  cookies: '/legal/cookies',
};

/**
 * A paragraph's text with its `<tag>…</tag>` links and `<b>…</b>` bold. In the signup popup
 * (`newTab`) a link opens in a new tab, so the half-filled form is not lost.
 */
function inline(text: string, newTab: boolean): ReactNode[] {
  const links = Object.entries(TAG_LINKS).map(([name, to]) => [
    name,
    <Anchor component={Link} to={to} inherit fw={600} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})} />,
  ]);
  return withElements(text, { ...Object.fromEntries(links), b: <strong /> });
}

/** Blocks of lines: a run of lines starting with "- " is a list, any other line a paragraph. */
function blocksOf(text: string): { list: boolean; lines: string[] }[] {
  const blocks: { list: boolean; lines: string[] }[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const list = line.startsWith('- ');
    const last = blocks.at(-1);
    if (list && last?.list) last.lines.push(line.slice(2));
    else blocks.push({ list, lines: [list ? line.slice(2) : line] });
  }
  return blocks;
}

/** Text of the legal and information pages: paragraphs, "- " lists, `<contact>` and other links, `<b>` bold. */
export function RichText({ text, newTab = false, size = 'md' }: { text: string; newTab?: boolean; size?: 'sm' | 'md' }) {
  return (
    <>
      {blocksOf(text).map(({ list, lines }) =>
        list ? (
          <List key={lines[0]} size={size} spacing={4} withPadding>
            {lines.map((line) => (
              <List.Item key={line}>{inline(line, newTab)}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={lines[0]} size={size} lh={1.6}>
            {inline(lines[0] ?? '', newTab)}
          </Text>
        ),
      )}
    </>
  );
}

/** Spec section 1: the controller named in the privacy text, from the operator's configuration (COMPANY_*). */
function Controller({ size }: { size: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const company = usePublicSite()?.company;
  if (!company) return null;
  if (!company.name) {
    return (
      <Text size={size} lh={1.6} data-testid="legal-controller">
        {t('legal.controller.unnamed')}
      </Text>
    );
  }
  return (
    <Text size={size} lh={1.6} data-testid="legal-controller">
      {t('legal.controller.named', { name: company.name })}
      {company.address && (
        <>
          <br />
          {t('legal.controller.address', { address: company.address })}
        </>
      )}
      {company.email && (
        <>
          <br />
          {t('legal.controller.email')}{' '}
          <Anchor href={`mailto:${company.email}`} inherit>
            {company.email}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/**
 * One of the legal texts (terms of use, privacy policy, cookies), as the /legal pages and the
 * signup popup show it: one component, so the two never say different things.
 */
export function LegalDocument({ document, headingOrder, inPopup = false }: { document: LegalDocumentName; headingOrder: TitleOrder; inPopup?: boolean }) {
  const { t } = useTranslation();
  const size = inPopup ? 'sm' : 'md';
  return (
    <Stack gap={inPopup ? 'md' : 'lg'} data-testid={`legal-${document}`}>
      {SECTIONS[document].map((section) => (
        <Stack key={section} gap="xs" component="section">
          <Title order={headingOrder} fz={inPopup ? 'md' : 'lg'}>
            {t(`legal.${document}.${section}.title`)}
          </Title>
          {document === 'privacy' && section === 'controller' && <Controller size={size} />}
          <RichText text={t(`legal.${document}.${section}.body`)} newTab={inPopup} size={size} />
        </Stack>
      ))}
    </Stack>
  );
}
