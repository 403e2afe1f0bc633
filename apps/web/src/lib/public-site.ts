import { useEffect, useState } from 'react';
import type { TSiteFacts } from '@kolikko/core/schemas/public';
import type { Language } from './i18n.ts';

/**
 * The operator's facts for visitors (`GET /api/public/site`, core's ZSiteFacts): the data
 * controller named in the privacy policy and the research study PDFs of the front page. Read with
 * a plain fetch and checked by hand, not with Zod, because the front page is held to 100 KB of
 * JavaScript (bench/web-budgets.mjs).
 */
export type PublicSite = TSiteFacts;

const EMPTY: PublicSite = { company: { name: null, address: null, email: null }, research_pdf: { en: null, fi: null, sv: null } };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A link the page may show: an http(s) address or a path on this site, nothing else (no `javascript:`). */
function link(value: unknown): string | null {
  const found = text(value);
  return found && /^(https?:\/\/|\/(?!\/))/i.test(found) ? found : null;
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

/** The answer's facts; what is missing or malformed reads as unset. */
export function readPublicSite(body: unknown): PublicSite {
  const company = field(body, 'company');
  const pdf = field(body, 'research_pdf');
  return {
    company: { name: text(field(company, 'name')), address: text(field(company, 'address')), email: text(field(company, 'email')) },
    research_pdf: { en: link(field(pdf, 'en')), fi: link(field(pdf, 'fi')), sv: link(field(pdf, 'sv')) },
  };
}

/** The front page's research study link: the PDF in the reader's language, or none (never the other language's). */
export function researchLink(site: PublicSite | null, language: Language): string | null {
  return site?.research_pdf[language] ?? null;
}

let request: Promise<PublicSite> | null = null;

/** Asked once per page load; a failed request reads as nothing configured, and is asked again next time. */
export function fetchPublicSite(): Promise<PublicSite> {
  request ??= fetch('/api/public/site')
    .then(async (response) => (response.ok ? readPublicSite(await response.json()) : EMPTY))
    .catch(() => {
      request = null;
      return EMPTY;
    });
  return request;
}

/** The operator's facts, `null` until they are in. */
export function usePublicSite(): PublicSite | null {
  const [site, setSite] = useState<PublicSite | null>(null);
  useEffect(() => {
    let current = true;
    void fetchPublicSite().then((found) => current && setSite(found));
    return () => {
      current = false;
    };
  }, []);
  return site;
}
