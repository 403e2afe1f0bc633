import { VAT_RATE_PERMILLE } from '@kolikko/core/limits';
import type { TPaymentAmounts } from '@kolikko/core/schemas/payments';
import { escapeHtml } from '../../platform/html.ts';
import type { Mail } from '../../platform/mail.ts';

// In English, Finnish and Swedish together, as the other e-mails: the teacher's language is not stored.

export type ReceiptLanguage = 'en' | 'fi' | 'sv';

/** Cents as euros with two decimals: `7.50 €` in English, `7,50 €` in Finnish and Swedish. */
function euros(cents: number, language: ReceiptLanguage): string {
  const separator = language === 'en' ? '.' : ',';
  return `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')} €`;
}

const vatPercent = (language: ReceiptLanguage) => {
  const percent = String(VAT_RATE_PERMILLE / 10);
  return language === 'en' ? percent : percent.replace('.', ',');
};

/** Who sells the coins (config's seller): named on every receipt (issue 33). */
export interface Seller {
  name: string | null;
  address: string | null;
  businessId: string | null;
}

const SELLER_LABELS = {
  en: { seller: 'Seller', businessId: 'Business ID' },
  fi: { seller: 'Myyjä', businessId: 'Y-tunnus' },
  // Finland-Swedish names the Y-tunnus FO-nummer.
  sv: { seller: 'Säljare', businessId: 'FO-nummer' },
} as const satisfies Record<ReceiptLanguage, Record<string, string>>;

/** The seller's lines of a receipt: its name, address and business ID, as far as they are configured. */
function sellerLines(seller: Seller, language: ReceiptLanguage): string[] {
  const l = SELLER_LABELS[language];
  return [
    `${l.seller}: ${seller.name ?? 'Kolikko'}`,
    ...(seller.address ? [seller.address] : []),
    ...(seller.businessId ? [`${l.businessId}: ${seller.businessId}`] : []),
  ];
}

type ReceiptPurchase = TPaymentAmounts & { paymentIntentId: string; date: Date };

/** The receipt of a coin purchase credited to the teacher's purse. */
export function receiptMail(to: string, username: string, purchase: ReceiptPurchase, seller: Seller): Mail {
  const date = purchase.date.toISOString().slice(0, 10);
  const en = [
    `Hello ${username}, thank you for your purchase. ${purchase.coins} coins are now in your purse.`,
    `Coins: ${purchase.coins}`,
    `Price without VAT: ${euros(purchase.net, 'en')}`,
    `VAT ${vatPercent('en')} %: ${euros(purchase.vat, 'en')}`,
    `Total paid: ${euros(purchase.total, 'en')}`,
    `Date: ${date}. Payment reference: ${purchase.paymentIntentId}`,
    ...sellerLines(seller, 'en'),
  ];
  const fi = [
    `Hei ${username}, kiitos ostoksestasi. ${purchase.coins} kolikkoa on nyt kukkarossasi.`,
    `Kolikot: ${purchase.coins}`,
    `Hinta ilman arvonlisäveroa: ${euros(purchase.net, 'fi')}`,
    `Arvonlisävero ${vatPercent('fi')} %: ${euros(purchase.vat, 'fi')}`,
    `Yhteensä maksettu: ${euros(purchase.total, 'fi')}`,
    `Päivämäärä: ${date}. Maksun viite: ${purchase.paymentIntentId}`,
    ...sellerLines(seller, 'fi'),
  ];
  const sv = [
    `Hej ${username}, tack för ditt köp. ${purchase.coins} mynt finns nu i din myntpung.`,
    `Mynt: ${purchase.coins}`,
    `Pris utan moms: ${euros(purchase.net, 'sv')}`,
    `Moms ${vatPercent('sv')} %: ${euros(purchase.vat, 'sv')}`,
    `Totalt betalt: ${euros(purchase.total, 'sv')}`,
    `Datum: ${date}. Betalningsreferens: ${purchase.paymentIntentId}`,
    ...sellerLines(seller, 'sv'),
  ];
  return {
    to,
    subject: 'Kolikko: receipt for your coins / kuitti kolikoistasi / kvitto på dina mynt',
    text: [...en, '', ...fi, '', ...sv].join('\n'),
    html: [en, fi, sv].map((block) => `<p>${block.map(escapeHtml).join('<br>')}</p>`).join(''),
  };
}

const PAGE_TEXTS = {
  en: {
    title: 'Receipt',
    buyer: 'Buyer',
    date: 'Date',
    reference: 'Payment reference',
    item: (coins: number) => `${coins} coins`,
    net: 'Price without VAT',
    vat: (rate: string) => `VAT ${rate} %`,
    total: 'Total paid',
    print: 'Print this page, or save it as a PDF, with the browser\'s print command (Ctrl+P, on a Mac ⌘P).',
  },
  fi: {
    title: 'Kuitti',
    buyer: 'Ostaja',
    date: 'Päivämäärä',
    reference: 'Maksun viite',
    item: (coins: number) => `${coins} kolikkoa`,
    net: 'Hinta ilman arvonlisäveroa',
    vat: (rate: string) => `Arvonlisävero ${rate} %`,
    total: 'Yhteensä maksettu',
    print: 'Tulosta sivu tai tallenna se PDF-tiedostoksi selaimen tulostustoiminnolla (Ctrl+P, Macissa ⌘P).',
  },
  sv: {
    title: 'Kvitto',
    buyer: 'Köpare',
    date: 'Datum',
    reference: 'Betalningsreferens',
    item: (coins: number) => `${coins} mynt`,
    net: 'Pris utan moms',
    vat: (rate: string) => `Moms ${rate} %`,
    total: 'Totalt betalt',
    print: 'Skriv ut sidan eller spara den som PDF med webbläsarens utskriftsfunktion (Ctrl+P, på Mac ⌘P).',
  },
} as const;

/**
 * The printable receipt of a coin purchase (issue 33), opened from the purchase history: one
 * HTML page with print styles, no script, printed or saved as a PDF by the browser.
 */
export function receiptPage(username: string, purchase: ReceiptPurchase, seller: Seller, language: ReceiptLanguage): string {
  const t = PAGE_TEXTS[language];
  const date = `${purchase.date.getUTCDate()}.${purchase.date.getUTCMonth() + 1}.${purchase.date.getUTCFullYear()}`;
  const e = escapeHtml;
  const [sellerName, ...sellerRest] = sellerLines(seller, language);
  const row = (label: string, value: string, strong = false) =>
    `<tr${strong ? ' class="total"' : ''}><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`${t.title} – ${seller.name ?? 'Kolikko'}`)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #1a1b1e; margin: 0; background: #f8f9fa; }
  main { max-width: 640px; margin: 24px auto; padding: 24px; background: #fff; border: 1px solid #dee2e6; border-radius: 8px; }
  h1 { margin: 0 0 16px; font-size: 28px; }
  .parties { display: flex; flex-wrap: wrap; gap: 16px 48px; margin-bottom: 24px; }
  .parties p { margin: 0; }
  table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
  th, td { padding: 8px 0; border-bottom: 1px solid #dee2e6; text-align: left; }
  td { text-align: right; }
  tr.total th, tr.total td { font-weight: 800; border-bottom: 2px solid #1a1b1e; }
  .note { margin-top: 24px; color: #495057; font-size: 14px; }
  @media print {
    body { background: #fff; }
    main { margin: 0; max-width: none; border: 0; padding: 0; }
    .note { display: none; }
    @page { size: A4; margin: 20mm; }
  }
</style>
</head>
<body>
<main>
<h1>${e(t.title)}</h1>
<div class="parties">
<p><strong>${e(sellerName ?? '')}</strong>${sellerRest.map((line) => `<br>${e(line)}`).join('')}</p>
<p>${e(t.buyer)}: ${e(username)}<br>${e(t.date)}: ${e(date)}<br>${e(t.reference)}: ${e(purchase.paymentIntentId)}</p>
</div>
<table>
<tbody>
${row(t.item(purchase.coins), '')}
${row(t.net, euros(purchase.net, language))}
${row(t.vat(vatPercent(language)), euros(purchase.vat, language))}
${row(t.total, euros(purchase.total, language), true)}
</tbody>
</table>
<p class="note">${e(t.print)}</p>
</main>
</body>
</html>
`;
}
