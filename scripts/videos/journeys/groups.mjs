// Groups and students: students join with the group name, their cards appear, the teacher awards coins.
import { click, point, type } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mrsgroups');
    const group = await api.group(teacher, 'Class 4B');
    await api.student(group.name, 'emma');
    await api.student(group.name, 'leo');

    const t = await newPage(teacher);
    await t.goto('/teacher/groups');
    await t.getByTestId('member-card-leo').waitFor();
    await rec.show(t);

    await rec.step({ en: 'The Groups page shows your group and a card for each student.', fi: 'Ryhmät-sivulla näkyy ryhmäsi ja jokaisen oppilaan kortti.' }, async () => {
      await point(t, t.getByTestId('active-group-name').first());
      await point(t, t.getByTestId('member-card-emma'));
    });

    const s = await rec.offscreen(async () => {
      const page = await newPage();
      await page.goto('/student/signup');
      await page.getByLabel('Group name').waitFor();
      return page;
    });
    await rec.show(s);
    await rec.step(
      { en: 'A student joins on the student sign-up page with the group name…', fi: 'Oppilas liittyy oppilaan rekisteröitymissivulla ryhmän nimellä…' },
      async () => {
        await type(s, s.getByLabel('Group name'), group.name);
      },
    );
    await rec.step({ en: '…a nickname and a password. No e-mail address is needed.', fi: '…nimimerkillä ja salasanalla. Sähköpostiosoitetta ei tarvita.' }, async () => {
      await type(s, s.getByLabel('Username'), 'aino');
      await type(s, s.getByLabel('Password', { exact: true }), 'carrot12', { delay: 30 });
      await type(s, s.getByLabel('Confirm password'), 'carrot12', { delay: 30 });
      await click(s, s.getByRole('checkbox'));
      await click(s, s.getByRole('button', { name: 'Join group' }));
      await s.waitForURL('**/student/login');
    });

    await rec.offscreen(async () => {
      await t.reload();
      await t.getByTestId('member-card-aino').waitFor();
    });
    await rec.show(t);
    rec.markPoster();
    await rec.step({ en: 'The new student is in the group at once.', fi: 'Uusi oppilas on heti ryhmässä.' }, async () => {
      await point(t, t.getByTestId('member-card-aino'));
    });

    await rec.step({ en: 'Select students and give them coins from your purse.', fi: 'Valitse oppilaat ja anna heille kolikoita kukkarostasi.' }, async () => {
      await click(t, t.getByRole('button', { name: 'Select all' }));
      await type(t, t.getByRole('spinbutton', { name: 'Coins to give' }), '5', { delay: 120 });
      await click(t, t.getByRole('button', { name: 'Give coins' }));
      await click(t, t.getByRole('dialog').getByRole('button', { name: 'Confirm' }));
      await t.getByTestId('member-coins-aino').filter({ hasText: '5' }).waitFor();
    });
    await rec.step({ en: 'Each student has 5 more coins; your purse shows what is left.', fi: 'Jokaisella oppilaalla on 5 kolikkoa lisää; kukkarosi näyttää, mitä jäi.' }, async () => {
      await point(t, t.getByTestId('member-coins-aino'), { side: 'left' });
      await point(t, t.getByTestId('coin-balance').first(), { side: 'left' });
    });
  },
};
