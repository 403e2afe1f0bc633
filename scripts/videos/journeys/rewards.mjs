// Rewards: create a reward list and a reward, publish the list to the group; the student sees it.
import { click, point, type } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mssalo');
    const group = await api.group(teacher, 'Class 4A');
    const student = await api.student(group.name, 'veeti');
    const [member] = await api.members(teacher, group.id);
    await api.award(teacher, member.id, 20);

    const t = await newPage(teacher);
    await t.goto('/teacher/rewards');
    await t.getByRole('textbox', { name: 'New reward list name' }).waitFor();
    await rec.show(t);
    await rec.step({ en: 'On Rewards, create a reward list.', fi: 'Luo Palkinnot-sivulla palkintolista.' }, async () => {
      await type(t, t.getByRole('textbox', { name: 'New reward list name' }), 'Friday treats');
      await click(t, t.getByRole('button', { name: 'Create reward list' }));
      await t.waitForURL(/\/teacher\/rewards\/[0-9a-f-]{36}$/);
    });
    const dialog = t.getByRole('dialog', { name: 'New reward' });
    await rec.step({ en: 'Make a reward: a name, a description and a price in coins.', fi: 'Tee palkinto: nimi, kuvaus ja hinta kolikkoina.' }, async () => {
      await click(t, t.getByRole('button', { name: 'New reward' }).first());
      await type(t, dialog.getByRole('textbox', { name: 'Reward name' }), 'Extra recess');
      await type(t, dialog.getByRole('textbox', { name: 'Description' }), 'Five more minutes outside.', { delay: 35 });
      const price = dialog.getByRole('spinbutton', { name: 'Price' });
      await price.fill('');
      await type(t, price, '12', { delay: 100 });
    });
    await rec.step({ en: 'Save it into the list.', fi: 'Tallenna se listaan.' }, async () => {
      const alsoAdd = dialog.getByRole('checkbox');
      if ((await alsoAdd.count()) > 0 && !(await alsoAdd.isChecked())) await click(t, alsoAdd);
      await click(t, dialog.getByRole('button', { name: 'Save reward' }));
      await t.getByTestId('list-reward-card-Extra recess').waitFor();
    });
    await rec.step({ en: 'Publish the list to your group: one reward list per group.', fi: 'Julkaise lista ryhmällesi: ryhmällä on yksi palkintolista.' }, async () => {
      await click(t, t.getByRole('button', { name: `Publish to ${group.name}` }));
      await t.getByTestId('publish-status').waitFor();
      await point(t, t.getByTestId('publish-status'), { pause: 1000 });
    });

    const s = await rec.offscreen(async () => {
      const page = await newPage(student);
      await page.goto('/student/rewards');
      await page.getByTestId('reward-Extra recess').waitFor();
      return page;
    });
    await rec.show(s);
    rec.markPoster();
    await rec.step({ en: 'Your students see the rewards and buy them with the coins they earned.', fi: 'Oppilaat näkevät palkinnot ja ostavat niitä ansaitsemillaan kolikoilla.' }, async () => {
      await point(s, s.getByTestId('reward-Extra recess'), { pause: 1500 });
    }, { minMs: 4500 });
  },
};
