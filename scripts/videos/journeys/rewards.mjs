// Rewards: create a reward list and a reward, publish the list to the group; the student sees it.
import { className, click, point, type } from '../lib.mjs';

const CONTENT = {
  en: { teacher: 'mssalo', student: 'veeti', list: 'Friday treats', reward: ['Extra recess', 'Five more minutes outside.'] },
  fi: { teacher: 'ope.salo', student: 'veeti', list: 'Perjantain palkinnot', reward: ['Lisävälitunti', 'Viisi minuuttia lisää ulkona.'] },
  sv: { teacher: 'linda.ek', student: 'saga', list: 'Fredagsbelöningar', reward: ['Extra rast', 'Fem minuter till ute.'] },
};

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const c = CONTENT[lang];
    const [rewardName, rewardDescription] = c.reward;
    const teacher = await api.teacher(c.teacher);
    const group = await api.group(teacher, className(lang, '4A'));
    const student = await api.student(group.name, c.student);
    const [member] = await api.members(teacher, group.id);
    await api.award(teacher, member.id, 20);

    const t = await newPage(teacher);
    await t.goto('/teacher/rewards');
    await t.getByRole('textbox', { name: text('rewards.lists.newLabel') }).waitFor();
    await rec.show(t);
    await rec.step(
      { en: 'On Rewards, create a reward list.', fi: 'Luo Palkinnot-sivulla palkintolista.', sv: 'Skapa en belöningslista under Belöningar.' },
      async () => {
        await type(t, t.getByRole('textbox', { name: text('rewards.lists.newLabel') }), c.list);
        await click(t, t.getByRole('button', { name: text('rewards.lists.create') }));
        await t.waitForURL(/\/teacher\/rewards\/[0-9a-f-]{36}$/);
      },
    );
    const dialog = t.getByRole('dialog', { name: text('rewards.editor.newTitle') });
    await rec.step(
      {
        en: 'Make a reward: a name, a description and a price in coins.',
        fi: 'Tee palkinto: nimi, kuvaus ja hinta kolikkoina.',
        sv: 'Gör en belöning: ett namn, en beskrivning och ett pris i mynt.',
      },
      async () => {
        await click(t, t.getByRole('button', { name: text('rewards.all.new') }).first());
        await type(t, dialog.getByRole('textbox', { name: text('rewards.editor.name') }), rewardName);
        await type(t, dialog.getByRole('textbox', { name: text('rewards.editor.description') }), rewardDescription, { delay: 35 });
        const price = dialog.getByRole('spinbutton', { name: text('rewards.editor.price') });
        await price.fill('');
        await type(t, price, '12', { delay: 100 });
      },
    );
    await rec.step({ en: 'Save it into the list.', fi: 'Tallenna se listaan.', sv: 'Spara den i listan.' }, async () => {
      const alsoAdd = dialog.getByRole('checkbox');
      if ((await alsoAdd.count()) > 0 && !(await alsoAdd.isChecked())) await click(t, alsoAdd);
      await click(t, dialog.getByRole('button', { name: text('rewards.editor.save') }));
      await t.getByTestId(`list-reward-card-${rewardName}`).waitFor();
    });
    await rec.step(
      {
        en: 'Publish the list to your group: one reward list per group.',
        fi: 'Julkaise lista ryhmällesi: ryhmällä on yksi palkintolista.',
        sv: 'Publicera listan för din grupp: varje grupp har en belöningslista.',
      },
      async () => {
        await click(t, t.getByRole('button', { name: text('rewards.publish.publishButton', { group: group.name }) }));
        await t.getByTestId('publish-status').waitFor();
        await point(t, t.getByTestId('publish-status'), { pause: 1000 });
      },
    );

    const s = await rec.offscreen(async () => {
      const page = await newPage(student);
      await page.goto('/student/rewards');
      await page.getByTestId(`reward-${rewardName}`).waitFor();
      return page;
    });
    await rec.show(s);
    rec.markPoster();
    await rec.step(
      {
        en: 'Your students see the rewards and buy them with the coins they earned.',
        fi: 'Oppilaat näkevät palkinnot ja ostavat niitä ansaitsemillaan kolikoilla.',
        sv: 'Dina elever ser belöningarna och köper dem med mynten de har förtjänat.',
      },
      async () => {
        await point(s, s.getByTestId(`reward-${rewardName}`), { pause: 1500 });
      },
      { minMs: 4500 },
    );
  },
};
