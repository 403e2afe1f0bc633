// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const configured = {
  company: { name: 'Opetus Oy', address: 'Katu 1, 00100 Helsinki', email: 'tietosuoja@example.fi' },
  research_pdf: { en: 'https://example.fi/study-en.pdf', fi: 'https://example.fi/tutkimus.pdf', sv: 'https://example.fi/studie.pdf' },
};
const unset = { company: { name: null, address: null, email: null }, research_pdf: { en: null, fi: null, sv: null } };

describe('readPublicSite', () => {
  it('keeps the configured facts', async () => {
    const { readPublicSite } = await import('./public-site.ts');
    expect(readPublicSite(configured)).toEqual(configured);
    expect(readPublicSite(unset)).toEqual(unset);
  });

  it('reads what is missing, blank or malformed as unset', async () => {
    const { readPublicSite } = await import('./public-site.ts');
    expect(readPublicSite(undefined)).toEqual(unset);
    expect(readPublicSite('Not Found')).toEqual(unset);
    expect(readPublicSite({ company: { name: '  ', address: 7, email: null }, research_pdf: null })).toEqual(unset);
  });

  it('shows only http(s) links and paths of this site as the study', async () => {
    const { readPublicSite } = await import('./public-site.ts');
    const read = (en: unknown) => readPublicSite({ research_pdf: { en, fi: null } }).research_pdf.en;
    expect(read('https://example.fi/a.pdf')).toBe('https://example.fi/a.pdf');
    expect(read('http://example.fi/a.pdf')).toBe('http://example.fi/a.pdf');
    expect(read('/files/study.pdf')).toBe('/files/study.pdf');
    expect(read('javascript:alert(1)')).toBeNull();
    expect(read('//evil.example/a.pdf')).toBeNull();
    expect(read('data:application/pdf;base64,AAAA')).toBeNull();
  });
});

describe('researchLink', () => {
  it('links the study in the reader’s language, and nothing when that language has none', async () => {
    const { readPublicSite, researchLink } = await import('./public-site.ts');
    const both = readPublicSite(configured);
    expect(researchLink(both, 'en')).toBe('https://example.fi/study-en.pdf');
    expect(researchLink(both, 'fi')).toBe('https://example.fi/tutkimus.pdf');
    expect(researchLink(both, 'sv')).toBe('https://example.fi/studie.pdf');
    const englishOnly = readPublicSite({ ...configured, research_pdf: { en: 'https://example.fi/study-en.pdf', fi: null, sv: null } });
    expect(researchLink(englishOnly, 'en')).toBe('https://example.fi/study-en.pdf');
    expect(researchLink(englishOnly, 'fi')).toBeNull();
    expect(researchLink(englishOnly, 'sv')).toBeNull();
    expect(researchLink(readPublicSite(unset), 'en')).toBeNull();
    // Not answered yet.
    expect(researchLink(null, 'fi')).toBeNull();
  });
});

describe('fetchPublicSite', () => {
  beforeEach(() => {
    // A fresh module each time: it keeps the one request of a page load.
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks GET /api/public/site once per page load', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(configured), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const { fetchPublicSite } = await import('./public-site.ts');
    expect(await fetchPublicSite()).toEqual(configured);
    expect(await fetchPublicSite()).toEqual(configured);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/public/site');
  });

  it('reads an error answer as nothing configured', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"errorCode":"SERVER.ERROR"}', { status: 500 })));
    const { fetchPublicSite } = await import('./public-site.ts');
    expect(await fetchPublicSite()).toEqual(unset);
  });

  it('reads a failed request as nothing configured, and asks again the next time', async () => {
    const fetch = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify(configured), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { fetchPublicSite } = await import('./public-site.ts');
    expect(await fetchPublicSite()).toEqual(unset);
    expect(await fetchPublicSite()).toEqual(configured);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
