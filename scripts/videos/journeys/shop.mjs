// Shop: buy coins (the test checkout), then buy an extra group slot with coins.
import { className, click, point, type } from '../lib.mjs';

const TEACHER = { en: 'mrhakala', fi: 'ope.hakala', sv: 'peter.wikstrom' };

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const teacher = await api.teacher(TEACHER[lang]);
    await api.group(teacher, className(lang, '1B'));
    const t = await newPage(teacher);
    await t.goto('/teacher/shop/coins');
    await t.getByTestId('coin-package-500').waitFor();
    await rec.show(t);
    await rec.step(
      {
        en: 'Your purse pays your students’ rewards. Buy more coins in the Shop.',
        fi: 'Kukkarostasi maksetaan oppilaiden palkinnot. Osta lisää kolikoita kaupasta.',
        sv: 'Elevernas belöningar betalas ur din myntpung. Köp fler mynt i butiken.',
      },
      async () => {
        await point(t, t.getByTestId('coin-balance').first(), { pause: 1000, side: 'left' });
        await point(t, t.getByTestId('coin-package-500'), { pause: 1000 });
      },
    );
    await rec.step(
      {
        en: 'Choose a package: the checkout shows the price with VAT.',
        fi: 'Valitse paketti: kassalla näkyy hinta arvonlisäveroineen.',
        sv: 'Välj ett paket: i kassan syns priset med moms.',
      },
      async () => {
        await click(t, t.getByTestId('choose-package-500'));
        await t.waitForURL('**/teacher/shop/coins/checkout?coins=500');
        await t.getByTestId('summary-total').waitFor();
        await point(t, t.getByTestId('summary-total'), { pause: 1200 });
      },
    );
    await rec.step(
      { en: 'Pay by card. The coins go to your purse at once.', fi: 'Maksa kortilla. Kolikot tulevat kukkaroosi heti.', sv: 'Betala med kort. Mynten kommer direkt till din myntpung.' },
      async () => {
        await click(t, t.getByTestId('pay-button'));
        await t.waitForURL('**/teacher/shop/coins/payment-success**');
        await t.getByTestId('payment-status').waitFor();
        await point(t, t.getByTestId('coin-balance').first(), { pause: 1200, side: 'left' });
      },
    );
    rec.markPoster();
    await rec.step(
      { en: 'Under Upgrades, buy more groups with coins.', fi: 'Kohdassa Lisäykset voit ostaa lisää ryhmiä kolikoilla.', sv: 'Under Uppgraderingar köper du fler grupper med mynt.' },
      async () => {
        await click(t, t.getByRole('link', { name: text('shop.nav.upgrades') }).first());
        await t.waitForURL('**/teacher/shop/upgrades');
        const amount = t.getByRole('spinbutton', { name: text('shop.upgrades.amount') });
        await amount.waitFor();
        await amount.fill('');
        await type(t, amount, '1', { delay: 100 });
      },
    );
    await rec.step(
      { en: 'Confirm, and the extra group is yours to keep.', fi: 'Vahvista, niin lisäryhmä on pysyvästi sinun.', sv: 'Bekräfta, så är extragruppen din för gott.' },
      async () => {
        await click(t, t.getByRole('button', { name: text('shop.upgrades.buy') }));
        await click(t, t.getByRole('dialog').getByRole('button', { name: text('common.confirm') }));
        await t.getByRole('dialog').waitFor({ state: 'detached' });
        await t.waitForTimeout(600);
        await point(t, t.getByTestId('group-usage'), { pause: 1200 });
      },
    );
  },
};
