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
    await rec.step({ en: 'Give it a name your students can type: they join with it.', fi: 'Anna sille nimi, jonka oppilaat osaavat kirjoittaa: he liittyvät ryhmään sillä.' }, async () => {
      await type(t, t.getByRole('textbox', { name: 'New group name' }), 'Class 3C');
      await click(t, t.getByRole('button', { name: 'Create group' }));
      await t.getByTestId('active-group-name').first().filter({ hasText: 'Class 3C' }).waitFor();
    });
    rec.markPoster();
    await rec.step({ en: 'The group is ready. Give your students its name or the join link.', fi: 'Ryhmä on valmis. Kerro oppilaille sen nimi tai anna liittymislinkki.' }, async () => {
      const link = t.getByTestId('join-link');
      if ((await link.count()) > 0) await point(t, link.first(), { pause: 1500 });
    });
    await rec.step({ en: 'Back home, the first step is done. Next: a todo list and rewards.', fi: 'Etusivulla ensimmäinen askel on tehty. Seuraavaksi tehtävälista ja palkinnot.' }, async () => {
      await click(t, t.getByRole('link', { name: 'Home' }).first());
      await t.waitForURL('**/teacher/home');
      await point(t, t.getByText('Create a group').first(), { pause: 1200 });
    });
  },
};
