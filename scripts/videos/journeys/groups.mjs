// Groups and students: the teacher's invite (class code, QR code, full screen), a student joins with the
// code and is signed in, their card appears, a class list and badges, the teacher awards coins.
import { click, point, sleep, type } from '../lib.mjs';

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

    await rec.step({ en: '“Invite students” shows the group’s class code big, with its QR code.', fi: '”Kutsu oppilaita” näyttää ryhmän luokan koodin isona ja sen QR-koodin.' }, async () => {
      await click(t, t.getByRole('button', { name: 'Invite students' }));
      const invite = t.getByTestId('invite-students');
      await invite.getByTestId('invite-qr').waitFor();
      // The poster: the dialog opened, the pointer still on the button under it.
      await sleep(400);
      rec.markPoster();
      await sleep(500);
      await point(t, invite.getByTestId('join-code'), { pause: 1200 });
      await point(t, invite.getByTestId('invite-qr'));
    });
    // The code as the teacher's screen shows it ("BCD FGH"), for the student to type.
    const code = (await t.getByTestId('invite-students').getByTestId('join-code').textContent())?.trim() ?? '';
    await rec.step({ en: '“Full screen” puts it on the projector for the whole class.', fi: '”Koko näyttö” näyttää sen videotykillä koko luokalle.' }, async () => {
      await click(t, t.getByRole('button', { name: 'Full screen' }));
      await t.getByTestId('projector-code').waitFor();
      await point(t, t.getByTestId('projector-code'), { pause: 1500 });
    });

    const s = await rec.offscreen(async () => {
      // Escape closes the full screen, then the dialog.
      await t.keyboard.press('Escape');
      await t.getByTestId('invite-projector').waitFor({ state: 'hidden' });
      await t.keyboard.press('Escape');
      await t.getByTestId('invite-students').waitFor({ state: 'hidden' });
      const page = await newPage();
      await page.goto('/student/signup');
      await page.getByLabel('Class code').waitFor();
      return page;
    });
    await rec.show(s);
    await rec.step(
      { en: 'A student opens the sign-up page and types the class code…', fi: 'Oppilas avaa liittymissivun ja kirjoittaa luokan koodin…' },
      async () => {
        await type(s, s.getByLabel('Class code'), code, { delay: 110 });
      },
    );
    await rec.step({ en: '…a nickname and a password. No e-mail address is needed.', fi: '…nimimerkin ja salasanan. Sähköpostiosoitetta ei tarvita.' }, async () => {
      await type(s, s.getByLabel('Username'), 'aino');
      await type(s, s.getByLabel('Password', { exact: true }), 'carrot12', { delay: 30 });
      await type(s, s.getByLabel('Confirm password'), 'carrot12', { delay: 30 });
      await click(s, s.getByRole('checkbox'));
      await click(s, s.getByRole('button', { name: 'Join group' }));
      await s.waitForURL('**/student/home');
    });
    await rec.step({ en: 'The student is signed in at once.', fi: 'Oppilas on heti kirjautunut sisään.' }, async () => {
      const banner = s.getByTestId('notification-banner');
      await point(s, (await banner.count()) > 0 ? banner.first() : s.getByTestId('coin-balance').first(), { pause: 1200 });
    });

    await rec.offscreen(async () => {
      // The teacher's screen shows the new card live; a reload only if the event was missed.
      const card = t.getByTestId('member-card-aino');
      try {
        await card.waitFor({ timeout: 5000 });
      } catch {
        await t.reload();
        await card.waitFor();
      }
    });
    await rec.show(t);
    await rec.step({ en: 'The new student is in the group at once.', fi: 'Uusi oppilas on heti ryhmässä.' }, async () => {
      await point(t, t.getByTestId('member-card-aino'));
    });
    await rec.step(
      { en: '“Add a class list” adds a whole class with passwords; “Print badges” makes sign-in cards.', fi: '”Lisää luokan lista” lisää koko luokan salasanoineen; ”Tulosta kortit” tekee kirjautumiskortit.' },
      async () => {
        await point(t, t.getByRole('button', { name: 'Add a class list' }), { pause: 1400 });
        await point(t, t.getByRole('button', { name: 'Print badges' }), { pause: 1400 });
      },
    );

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
