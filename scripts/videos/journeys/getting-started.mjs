// Getting started: a teacher logs in, reads the home page's checklist and creates the first group.
import { click, point, type } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mrlahtinen');
    const t = await newPage();
    await t.goto('/teacher/login');
    await t.getByLabel('Username').waitFor();
    await rec.show(t);

    await rec.step({ en: 'Sign up as a teacher, confirm your e-mail address, then log in.', fi: 'Rekisteröidy opettajaksi, vahvista sähköpostiosoitteesi ja kirjaudu sisään.' }, async () => {
      await type(t, t.getByLabel('Username'), teacher.username);
      await type(t, t.getByLabel('Password', { exact: true }), teacher.password, { delay: 30 });
      const terms = t.getByRole('checkbox');
      if ((await terms.count()) === 1) await click(t, terms);
      await click(t, t.getByRole('button', { name: 'Log in' }));
      await t.waitForURL('**/teacher/home');
    });
    await rec.step({ en: 'Your home page lists the first steps. You start with 300 coins in your purse.', fi: 'Etusivullasi näkyvät ensimmäiset askeleet. Kukkarossasi on aluksi 300 kolikkoa.' }, async () => {
      await point(t, t.getByText('Getting started').first());
      await point(t, t.getByTestId('coin-balance').first(), { pause: 1200, side: 'left' });
    });
    await rec.step({ en: 'First, create a group for your class.', fi: 'Luo ensin ryhmä luokallesi.' }, async () => {
      await click(t, t.getByRole('link', { name: 'Go to groups' }));
      await t.waitForURL('**/teacher/groups');
    });
    await rec.step({ en: 'Give it a name you know it by, such as your class.', fi: 'Anna sille nimi, josta tunnistat sen, esimerkiksi luokkasi nimi.' }, async () => {
      await type(t, t.getByRole('textbox', { name: 'New group name' }), 'Class 3C');
      await click(t, t.getByRole('button', { name: 'Create group' }));
      await t.getByTestId('active-group-name').first().filter({ hasText: 'Class 3C' }).waitFor();
    });
    rec.markPoster();
    await rec.step({ en: 'The group is ready. Students join with its class code, or by scanning the QR code.', fi: 'Ryhmä on valmis. Oppilaat liittyvät sen luokan koodilla tai lukemalla QR-koodin.' }, async () => {
      await t.getByTestId('join-qr').waitFor();
      await point(t, t.getByTestId('join-instructions-code'), { pause: 1500 });
      await point(t, t.getByTestId('join-qr'), { pause: 1200 });
    });
    await rec.step({ en: '“Invite students” shows the code again at any time, even full screen.', fi: '”Kutsu oppilaita” näyttää koodin aina uudelleen, myös koko näytöllä.' }, async () => {
      await point(t, t.getByRole('button', { name: 'Invite students' }), { pause: 1500 });
    });
    await rec.step({ en: 'Back home, the first step is done. Next: a todo list and rewards.', fi: 'Etusivulla ensimmäinen askel on tehty. Seuraavaksi tehtävälista ja palkinnot.' }, async () => {
      await click(t, t.getByRole('link', { name: 'Home' }).first());
      await t.waitForURL('**/teacher/home');
      await point(t, t.getByText('Create a group').first(), { pause: 1200 });
    });
  },
};
