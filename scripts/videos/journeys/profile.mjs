// The teacher's profile: username, password, language, blocked teachers, deleting the account (not done here).
import { click, point, type } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('msmakinen');
    await api.group(teacher, 'Class 6A');
    const other = await api.teacher('mrkallio');
    await api.ok(201, 'POST', `/blocked-teachers/${teacher.id}`, { cookie: teacher.cookie, body: { username: other.username } });
    const t = await newPage(teacher);
    await t.goto('/teacher/profile');
    const username = t.getByRole('textbox', { name: 'Username', exact: true });
    await username.waitFor();
    await rec.show(t);
    await rec.step({ en: 'Open your profile from the menu at the top right.', fi: 'Avaa profiilisi oikean yläkulman valikosta.' }, async () => {
      await point(t, t.getByRole('button', { name: 'Profile menu' }), { pause: 1200 });
    });
    await rec.step({ en: 'Change your username and save it.', fi: 'Vaihda käyttäjätunnuksesi ja tallenna se.' }, async () => {
      await username.fill('');
      await type(t, username, 'msmakinen6a');
      await click(t, t.getByRole('button', { name: 'Save username' }));
      await t.getByRole('button', { name: 'Profile menu' }).filter({ hasText: 'msmakinen6a' }).waitFor().catch(() => {});
    });
    await rec.step({ en: 'Change your password: the current one first, then the new one.', fi: 'Vaihda salasanasi: ensin nykyinen, sitten uusi.' }, async () => {
      await type(t, t.getByLabel('Current password'), teacher.password, { delay: 30 });
      await type(t, t.getByLabel('New password', { exact: true }), 'video-secret-2', { delay: 30 });
      await type(t, t.getByLabel('Confirm new password'), 'video-secret-2', { delay: 30 });
      await click(t, t.getByRole('button', { name: 'Change password' }));
      await t.getByRole('button', { name: 'Change password' }).and(t.locator('[disabled]')).waitFor().catch(() => {});
    });
    await rec.step({ en: 'Teachers you blocked cannot share lists with you; unblock them here.', fi: 'Estämäsi opettajat eivät voi jakaa sinulle listoja; poista esto täällä.' }, async () => {
      await point(t, t.getByText('Blocked teachers').first(), { pause: 1000 });
      await point(t, t.getByText(other.username).first(), { pause: 1500 });
    });
    rec.markPoster();
    await rec.step({ en: 'Deleting the account removes your groups, students and lists for good. It asks you to confirm.', fi: 'Tilin poistaminen poistaa pysyvästi ryhmäsi, oppilaasi ja listasi. Poisto pitää vielä vahvistaa.' }, async () => {
      await type(t, t.getByRole('textbox', { name: 'Type your username to confirm' }), 'msmakinen6a');
      await click(t, t.getByRole('button', { name: 'Delete account' }));
      const dialog = t.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await point(t, dialog.getByRole('button', { name: 'Cancel' }), { pause: 1500 });
      await click(t, dialog.getByRole('button', { name: 'Cancel' }));
    }, { minMs: 6000 });
  },
};
