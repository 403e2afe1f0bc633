// The teacher's profile: username, password, language, blocked teachers, deleting the account (not done here).
import { className, click, point, type } from '../lib.mjs';

/** The teacher, the username they change to, and the teacher they blocked. */
const CONTENT = {
  en: { teacher: 'msmakinen', renamed: 'msmakinen6a', blocked: 'mrkallio' },
  fi: { teacher: 'ope.makinen', renamed: 'ope.makinen6a', blocked: 'ope.kallio' },
  sv: { teacher: 'ulla.forsman', renamed: 'ulla.forsman6a', blocked: 'tom.sjoberg' },
};

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const c = CONTENT[lang];
    const teacher = await api.teacher(c.teacher);
    await api.group(teacher, className(lang, '6A'));
    const other = await api.teacher(c.blocked);
    await api.ok(201, 'POST', `/blocked-teachers/${teacher.id}`, { cookie: teacher.cookie, body: { username: other.username } });
    const t = await newPage(teacher);
    await t.goto('/teacher/profile');
    const username = t.getByRole('textbox', { name: text('auth.fields.username'), exact: true });
    const menu = t.getByRole('button', { name: text('teacher.profileMenu.label') });
    await username.waitFor();
    await rec.show(t);
    await rec.step(
      { en: 'Open your profile from the menu at the top right.', fi: 'Avaa profiilisi oikean yläkulman valikosta.', sv: 'Öppna din profil från menyn uppe till höger.' },
      async () => {
        await point(t, menu, { pause: 1200 });
      },
    );
    await rec.step({ en: 'Change your username and save it.', fi: 'Vaihda käyttäjätunnuksesi ja tallenna se.', sv: 'Byt ditt användarnamn och spara det.' }, async () => {
      await username.fill('');
      await type(t, username, c.renamed);
      await click(t, t.getByRole('button', { name: text('profile.saveUsername') }));
      await menu.filter({ hasText: c.renamed }).waitFor().catch(() => {});
    });
    await rec.step(
      {
        en: 'Change your password: the current one first, then the new one.',
        fi: 'Vaihda salasanasi: ensin nykyinen, sitten uusi.',
        sv: 'Byt ditt lösenord: först det nuvarande, sedan det nya.',
      },
      async () => {
        const change = t.getByRole('button', { name: text('profile.changePassword') });
        await type(t, t.getByLabel(text('profile.oldPassword')), teacher.password, { delay: 30 });
        await type(t, t.getByLabel(text('auth.fields.newPassword'), { exact: true }), 'video-secret-2', { delay: 30 });
        await type(t, t.getByLabel(text('auth.fields.newPasswordConfirm')), 'video-secret-2', { delay: 30 });
        await click(t, change);
        await change.and(t.locator('[disabled]')).waitFor().catch(() => {});
      },
    );
    await rec.step(
      {
        en: 'Teachers you blocked cannot share lists with you; unblock them here.',
        fi: 'Estämäsi opettajat eivät voi jakaa sinulle listoja; poista esto täällä.',
        sv: 'Lärare som du har blockerat kan inte dela listor med dig; här häver du blockeringen.',
      },
      async () => {
        await point(t, t.getByText(text('teacherShare.blockedList.title')).first(), { pause: 1000 });
        await point(t, t.getByText(other.username).first(), { pause: 1500 });
      },
    );
    rec.markPoster();
    await rec.step(
      {
        en: 'Deleting the account removes your groups, students and lists for good. It asks you to confirm.',
        fi: 'Tilin poistaminen poistaa pysyvästi ryhmäsi, oppilaasi ja listasi. Poisto pitää vielä vahvistaa.',
        sv: 'Om du tar bort kontot försvinner dina grupper, elever och listor för gott. Du får först bekräfta.',
      },
      async () => {
        await type(t, t.getByRole('textbox', { name: text('profile.delete.input') }), c.renamed);
        await click(t, t.getByRole('button', { name: text('profile.delete.button') }));
        const dialog = t.getByRole('dialog', { name: text('profile.delete.confirmTitle') });
        await dialog.waitFor();
        await point(t, dialog.getByRole('button', { name: text('common.cancel') }), { pause: 1500 });
        await click(t, dialog.getByRole('button', { name: text('common.cancel') }));
      },
      { minMs: 6000 },
    );
  },
};
