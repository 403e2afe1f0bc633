// Getting started: a teacher logs in, reads the home page's checklist and creates the first group.
import { className, click, point, type } from '../lib.mjs';

const TEACHER = { en: 'mrlahtinen', fi: 'ope.lahtinen', sv: 'erik.sundqvist' };

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const teacher = await api.teacher(TEACHER[lang]);
    const groupName = className(lang, '3C');
    const t = await newPage();
    await t.goto('/teacher/login');
    await t.getByLabel(text('auth.fields.username')).waitFor();
    await rec.show(t);

    await rec.step(
      {
        en: 'Sign up as a teacher, confirm your e-mail address, then log in.',
        fi: 'Rekisteröidy opettajaksi, vahvista sähköpostiosoitteesi ja kirjaudu sisään.',
        sv: 'Skapa ett lärarkonto, bekräfta din e-postadress och logga in.',
      },
      async () => {
        await type(t, t.getByLabel(text('auth.fields.username')), teacher.username);
        await type(t, t.getByLabel(text('auth.fields.password'), { exact: true }), teacher.password, { delay: 30 });
        const terms = t.getByRole('checkbox');
        if ((await terms.count()) === 1) await click(t, terms);
        await click(t, t.getByRole('button', { name: text('auth.login.submit') }));
        await t.waitForURL('**/teacher/home');
      },
    );
    await rec.step(
      {
        en: 'Your home page lists the first steps. You start with 300 coins in your purse.',
        fi: 'Etusivullasi näkyvät ensimmäiset askeleet. Kukkarossasi on aluksi 300 kolikkoa.',
        sv: 'Din startsida visar de första stegen. Du börjar med 300 mynt i din myntpung.',
      },
      async () => {
        await point(t, t.getByText(text('teacher.home.gettingStarted')).first());
        await point(t, t.getByTestId('coin-balance').first(), { pause: 1200, side: 'left' });
      },
    );
    await rec.step({ en: 'First, create a group for your class.', fi: 'Luo ensin ryhmä luokallesi.', sv: 'Skapa först en grupp för din klass.' }, async () => {
      await click(t, t.getByTestId('step-createGroup').getByRole('link'));
      await t.waitForURL('**/teacher/groups');
    });
    await rec.step(
      {
        en: 'Give it a name you know it by, such as your class.',
        fi: 'Anna sille nimi, josta tunnistat sen, esimerkiksi luokkasi nimi.',
        sv: 'Ge den ett namn som du känner igen, till exempel klassens namn.',
      },
      async () => {
        await type(t, t.getByRole('textbox', { name: text('groups.new.label') }), groupName);
        await click(t, t.getByRole('button', { name: text('groups.new.submit') }));
        await t.getByTestId('active-group-name').first().filter({ hasText: groupName }).waitFor();
      },
    );
    rec.markPoster();
    await rec.step(
      {
        en: 'The group is ready. Students join with its class code, or by scanning the QR code.',
        fi: 'Ryhmä on valmis. Oppilaat liittyvät sen luokan koodilla tai lukemalla QR-koodin.',
        sv: 'Gruppen är klar. Eleverna går med i den med klasskoden eller genom att skanna QR-koden.',
      },
      async () => {
        await t.getByTestId('join-qr').waitFor();
        await point(t, t.getByTestId('join-instructions-code'), { pause: 1500 });
        await point(t, t.getByTestId('join-qr'), { pause: 1200 });
      },
    );
    await rec.step(
      {
        en: '“Invite students” shows the code again at any time, even full screen.',
        fi: '”Kutsu oppilaita” näyttää koodin aina uudelleen, myös koko näytöllä.',
        sv: '”Bjud in elever” visar koden igen när som helst, också i helskärm.',
      },
      async () => {
        await point(t, t.getByRole('button', { name: text('groups.invite.open') }), { pause: 1500 });
      },
    );
    await rec.step(
      {
        en: 'Back home, the first step is done. Next: a todo list and rewards.',
        fi: 'Etusivulla ensimmäinen askel on tehty. Seuraavaksi tehtävälista ja palkinnot.',
        sv: 'På startsidan är det första steget klart. Sedan: en uppgiftslista och belöningar.',
      },
      async () => {
        await click(t, t.getByRole('link', { name: text('nav.teacher.home') }).first());
        await t.waitForURL('**/teacher/home');
        await point(t, t.getByTestId('step-createGroup').getByText(text('teacher.home.steps.createGroup.title')), { pause: 1200 });
      },
    );
  },
};
