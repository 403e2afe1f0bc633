// Groups and students: the teacher's invite (class code, QR code, full screen), a student joins with the
// code and is signed in, their card appears, a class list and badges, the teacher awards coins.
import { className, click, point, sleep, type } from '../lib.mjs';

/** The teacher, the two students already in the group, and the one who joins on camera. */
const CONTENT = {
  en: { teacher: 'mrsgroups', students: ['emma', 'leo'], joins: 'aino' },
  fi: { teacher: 'ope.laine', students: ['eetu', 'helmi'], joins: 'venla' },
  sv: { teacher: 'maria.holm', students: ['noah', 'alma'], joins: 'oliver' },
};

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const c = CONTENT[lang];
    const teacher = await api.teacher(c.teacher);
    const group = await api.group(teacher, className(lang, '4B'));
    for (const name of c.students) await api.student(group.name, name);

    const t = await newPage(teacher);
    await t.goto('/teacher/groups');
    await t.getByTestId(`member-card-${c.students[1]}`).waitFor();
    await rec.show(t);

    await rec.step(
      {
        en: 'The Groups page shows your group and a card for each student.',
        fi: 'Ryhmät-sivulla näkyy ryhmäsi ja jokaisen oppilaan kortti.',
        sv: 'Sidan Grupper visar din grupp och ett kort för varje elev.',
      },
      async () => {
        await point(t, t.getByTestId('active-group-name').first());
        await point(t, t.getByTestId(`member-card-${c.students[0]}`));
      },
    );

    await rec.step(
      {
        en: '“Invite students” shows the group’s class code big, with its QR code.',
        fi: '”Kutsu oppilaita” näyttää ryhmän luokan koodin isona ja sen QR-koodin.',
        sv: '”Bjud in elever” visar gruppens klasskod i stort format, med QR-koden.',
      },
      async () => {
        await click(t, t.getByRole('button', { name: text('groups.invite.open') }));
        const invite = t.getByTestId('invite-students');
        await invite.getByTestId('invite-qr').waitFor();
        // The poster: the dialog opened, the pointer still on the button under it.
        await sleep(400);
        rec.markPoster();
        await sleep(500);
        await point(t, invite.getByTestId('join-code'), { pause: 1200 });
        await point(t, invite.getByTestId('invite-qr'));
      },
    );
    // The code as the teacher's screen shows it ("BCD FGH"), for the student to type.
    const code = (await t.getByTestId('invite-students').getByTestId('join-code').textContent())?.trim() ?? '';
    await rec.step(
      {
        en: '“Full screen” puts it on the projector for the whole class.',
        fi: '”Koko näyttö” näyttää sen videotykillä koko luokalle.',
        sv: '”Helskärm” visar den på projektorn för hela klassen.',
      },
      async () => {
        await click(t, t.getByRole('button', { name: text('groups.invite.fullScreen'), exact: true }));
        await t.getByTestId('projector-code').waitFor();
        await point(t, t.getByTestId('projector-code'), { pause: 1500 });
      },
    );

    const s = await rec.offscreen(async () => {
      // Escape closes the full screen, then the dialog.
      await t.keyboard.press('Escape');
      await t.getByTestId('invite-projector').waitFor({ state: 'hidden' });
      await t.keyboard.press('Escape');
      await t.getByTestId('invite-students').waitFor({ state: 'hidden' });
      const page = await newPage();
      await page.goto('/student/signup');
      await page.getByLabel(text('auth.fields.classCode')).waitFor();
      return page;
    });
    await rec.show(s);
    await rec.step(
      {
        en: 'A student opens the sign-up page and types the class code…',
        fi: 'Oppilas avaa liittymissivun ja kirjoittaa luokan koodin…',
        sv: 'En elev öppnar sidan för att gå med och skriver klasskoden…',
      },
      async () => {
        await type(s, s.getByLabel(text('auth.fields.classCode')), code, { delay: 110 });
      },
    );
    await rec.step(
      {
        en: '…a nickname and a password. No e-mail address is needed.',
        fi: '…nimimerkin ja salasanan. Sähköpostiosoitetta ei tarvita.',
        sv: '…ett smeknamn och ett lösenord. Ingen e-postadress behövs.',
      },
      async () => {
        await type(s, s.getByLabel(text('auth.fields.username')), c.joins);
        await type(s, s.getByLabel(text('auth.fields.password'), { exact: true }), 'carrot12', { delay: 30 });
        await type(s, s.getByLabel(text('auth.fields.passwordConfirm')), 'carrot12', { delay: 30 });
        await click(s, s.getByRole('checkbox'));
        await click(s, s.getByRole('button', { name: text('auth.signup.submit.student') }));
        await s.waitForURL('**/student/home');
      },
    );
    await rec.step({ en: 'The student is signed in at once.', fi: 'Oppilas on heti kirjautunut sisään.', sv: 'Eleven loggas in direkt.' }, async () => {
      const banner = s.getByTestId('notification-banner');
      await point(s, (await banner.count()) > 0 ? banner.first() : s.getByTestId('coin-balance').first(), { pause: 1200 });
    });

    await rec.offscreen(async () => {
      // The teacher's screen shows the new card live; a reload only if the event was missed.
      const card = t.getByTestId(`member-card-${c.joins}`);
      try {
        await card.waitFor({ timeout: 5000 });
      } catch {
        await t.reload();
        await card.waitFor();
      }
    });
    await rec.show(t);
    await rec.step({ en: 'The new student is in the group at once.', fi: 'Uusi oppilas on heti ryhmässä.', sv: 'Den nya eleven finns direkt i gruppen.' }, async () => {
      await point(t, t.getByTestId(`member-card-${c.joins}`));
    });
    await rec.step(
      {
        en: '“Add a class list” adds a whole class with passwords; “Print badges” makes sign-in cards.',
        fi: '”Lisää luokan lista” lisää koko luokan salasanoineen; ”Tulosta kortit” tekee kirjautumiskortit.',
        sv: '”Lägg till klasslista” lägger till en hel klass med lösenord; ”Skriv ut inloggningskort” gör kort att logga in med.',
      },
      async () => {
        await point(t, t.getByRole('button', { name: text('groups.classList.open') }), { pause: 1400 });
        await point(t, t.getByRole('button', { name: text('groups.badges.open') }), { pause: 1400 });
      },
    );

    await rec.step(
      {
        en: 'Select students and give them coins from your purse.',
        fi: 'Valitse oppilaat ja anna heille kolikoita kukkarostasi.',
        sv: 'Välj elever och ge dem mynt ur din myntpung.',
      },
      async () => {
        await click(t, t.getByRole('button', { name: text('groups.members.selectAll') }));
        await type(t, t.getByRole('spinbutton', { name: text('groups.award.amount') }), '5', { delay: 120 });
        await click(t, t.getByRole('button', { name: text('groups.award.give'), exact: true }));
        await click(t, t.getByRole('dialog').getByRole('button', { name: text('common.confirm') }));
        await t.getByTestId(`member-coins-${c.joins}`).filter({ hasText: '5' }).waitFor();
      },
    );
    await rec.step(
      {
        en: 'Each student has 5 more coins; your purse shows what is left.',
        fi: 'Jokaisella oppilaalla on 5 kolikkoa lisää; kukkarosi näyttää, mitä jäi.',
        sv: 'Varje elev har fått 5 mynt till; din myntpung visar hur många som finns kvar.',
      },
      async () => {
        await point(t, t.getByTestId(`member-coins-${c.joins}`), { side: 'left' });
        await point(t, t.getByTestId('coin-balance').first(), { side: 'left' });
      },
    );
  },
};
