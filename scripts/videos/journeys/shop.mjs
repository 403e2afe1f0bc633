// Shop: buy coins (the test checkout), then buy an extra group slot with coins.
import { click, point, type } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mrhakala');
    await api.group(teacher, 'Class 1B');
    const t = await newPage(teacher);
    await t.goto('/teacher/shop/coins');
    await t.getByTestId('coin-package-500').waitFor();
    await rec.show(t);
    await rec.step({ en: 'Your purse pays your students’ rewards. Buy more coins in the Shop.', fi: 'Kukkarostasi maksetaan oppilaiden palkinnot. Osta lisää kolikoita kaupasta.' }, async () => {
      await point(t, t.getByTestId('coin-balance').first(), { pause: 1000, side: 'left' });
      await point(t, t.getByTestId('coin-package-500'), { pause: 1000 });
    });
    await rec.step({ en: 'Choose a package: the checkout shows the price with VAT.', fi: 'Valitse paketti: kassalla näkyy hinta arvonlisäveroineen.' }, async () => {
      await click(t, t.getByRole('link', { name: /^Choose 500 coins/ }));
      await t.waitForURL('**/teacher/shop/coins/checkout?coins=500');
      await t.getByTestId('summary-total').waitFor();
      await point(t, t.getByTestId('summary-total'), { pause: 1200 });
    });
    await rec.step({ en: 'Pay by card. The coins go to your purse at once.', fi: 'Maksa kortilla. Kolikot tulevat kukkaroosi heti.' }, async () => {
      await click(t, t.getByRole('button', { name: /^Pay / }));
      await t.waitForURL('**/teacher/shop/coins/payment-success**');
      await t.getByTestId('payment-status').waitFor();
      await point(t, t.getByTestId('coin-balance').first(), { pause: 1200, side: 'left' });
    });
    rec.markPoster();
    await rec.step({ en: 'Under Upgrades, buy more groups with coins.', fi: 'Kohdassa Lisäykset voit ostaa lisää ryhmiä kolikoilla.' }, async () => {
      await click(t, t.getByRole('link', { name: 'Upgrades' }).first());
      await t.waitForURL('**/teacher/shop/upgrades');
      const amount = t.getByRole('spinbutton', { name: 'Number of extra groups' });
      await amount.waitFor();
      await amount.fill('');
      await type(t, amount, '1', { delay: 100 });
    });
    await rec.step({ en: 'Confirm, and the extra group is yours to keep.', fi: 'Vahvista, niin lisäryhmä on pysyvästi sinun.' }, async () => {
      await click(t, t.getByRole('button', { name: 'Buy groups' }));
      await click(t, t.getByRole('dialog').getByRole('button', { name: 'Confirm' }));
      await t.getByRole('dialog').waitFor({ state: 'detached' });
      await t.waitForTimeout(600);
      await point(t, t.getByText(/groups? in use/).first(), { pause: 1200 });
    });
  },
};
