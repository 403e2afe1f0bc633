import { VAT_RATE_PERMILLE } from '@kolikko/core/limits';
import type { TPaymentAmounts } from '@kolikko/core/schemas/payments';
import { escapeHtml } from '../../platform/html.ts';
import type { Mail } from '../../platform/mail.ts';

// In English and Finnish together, as the other e-mails: the teacher's language is not stored.

/** Cents as euros with two decimals: `7.50 €` in English, `7,50 €` in Finnish. */
function euros(cents: number, language: 'en' | 'fi'): string {
  const separator = language === 'fi' ? ',' : '.';
  return `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')} €`;
}

const vatPercent = (language: 'en' | 'fi') => {
  const percent = String(VAT_RATE_PERMILLE / 10);
  return language === 'fi' ? percent.replace('.', ',') : percent;
};

/** The receipt of a coin purchase credited to the teacher's purse. */
export function receiptMail(to: string, username: string, purchase: TPaymentAmounts & { paymentIntentId: string; date: Date }): Mail {
  const date = purchase.date.toISOString().slice(0, 10);
  const lines = (language: 'en' | 'fi') =>
    language === 'en'
      ? [
          `Hello ${username}, thank you for your purchase. ${purchase.coins} coins are now in your purse.`,
          `Coins: ${purchase.coins}`,
          `Price without VAT: ${euros(purchase.net, 'en')}`,
          `VAT ${vatPercent('en')} %: ${euros(purchase.vat, 'en')}`,
          `Total paid: ${euros(purchase.total, 'en')}`,
          `Date: ${date}. Payment reference: ${purchase.paymentIntentId}`,
        ]
      : [
          `Hei ${username}, kiitos ostoksestasi. ${purchase.coins} kolikkoa on nyt kukkarossasi.`,
          `Kolikot: ${purchase.coins}`,
          `Hinta ilman arvonlisäveroa: ${euros(purchase.net, 'fi')}`,
          `Arvonlisävero ${vatPercent('fi')} %: ${euros(purchase.vat, 'fi')}`,
          `Yhteensä maksettu: ${euros(purchase.total, 'fi')}`,
          `Päivämäärä: ${date}. Maksun viite: ${purchase.paymentIntentId}`,
        ];
  const en = lines('en');
  const fi = lines('fi');
  return {
    to,
    subject: 'Kolikko: receipt for your coins / kuitti kolikoistasi',
    text: [...en, '', ...fi].join('\n'),
    html: [en, fi].map((block) => `<p>${block.map(escapeHtml).join('<br>')}</p>`).join(''),
  };
}
