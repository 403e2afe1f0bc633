// Small groups: a group's blue and orange small groups, each with its own todo list.
import { className, click, point } from '../lib.mjs';

/** The students: the second and the fourth move to the orange small group on camera. */
const CONTENT = {
  en: {
    teacher: 'mrniemi',
    students: ['ella', 'onni', 'sofia', 'eino'],
    reading: ['Reading', 'Read one chapter of your book.', 'Tell a friend what happened.'],
    sums: ['Sums', ['What is 7 + 8?', '15'], ['What is 12 - 5?', '7']],
  },
  fi: {
    teacher: 'ope.niemi',
    students: ['aada', 'onni', 'iida', 'eino'],
    reading: ['Lukeminen', 'Lue kirjastasi yksi luku.', 'Kerro kaverille, mitä siinä tapahtui.'],
    sums: ['Päässälasku', ['Paljonko on 7 + 8?', '15'], ['Paljonko on 12 - 5?', '7']],
  },
  sv: {
    teacher: 'johan.blomqvist',
    students: ['ella', 'hugo', 'wilma', 'liam'],
    reading: ['Läsning', 'Läs ett kapitel i din bok.', 'Berätta för en kompis vad som hände.'],
    sums: ['Huvudräkning', ['Hur mycket är 7 + 8?', '15'], ['Hur mycket är 12 - 5?', '7']],
  },
};

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const c = CONTENT[lang];
    const [first, , , last] = c.students;
    const teacher = await api.teacher(c.teacher);
    const group = await api.group(teacher, className(lang, '2E'));
    for (const name of c.students) await api.student(group.name, name);
    const [readingName, ...readingTodos] = c.reading;
    const reading = await api.list(teacher, readingName, readingTodos.map((todo) => [todo, { reward: 2 }]));
    const [sumsName, ...sumsTodos] = c.sums;
    const sums = await api.list(teacher, sumsName, sumsTodos.map(([todo, answer]) => [todo, { reward: 3, answertype: 'strict', answer }]));

    const t = await newPage(teacher);
    await t.goto('/teacher/groups');
    await t.getByTestId(`member-card-${last}`).waitFor();
    await rec.show(t);
    await rec.step(
      {
        en: 'Every student is in the blue or the orange small group of the group.',
        fi: 'Jokainen oppilas on ryhmän sinisessä tai oranssissa pienryhmässä.',
        sv: 'Varje elev hör till gruppens blå eller orange smågrupp.',
      },
      async () => {
        await point(t, t.getByTestId(`member-small-group-${first}`), { pause: 1200 });
      },
    );
    await rec.step(
      {
        en: 'Click the colour on a card to move the student to the other small group.',
        fi: 'Siirrä oppilas toiseen pienryhmään napsauttamalla kortin väriä.',
        sv: 'Klicka på färgen på ett kort för att flytta eleven till den andra smågruppen.',
      },
      async () => {
        for (const name of [c.students[1], c.students[3]]) {
          await click(t, t.getByTestId(`member-small-group-${name}`));
          await t.getByRole('button', { name: text('groups.members.smallGroupButton', { username: name, color: text('groups.smallGroups.orange') }) }).waitFor();
        }
      },
    );
    await rec.step(
      {
        en: 'Open a todo list and share it to the blue small group…',
        fi: 'Avaa tehtävälista ja jaa se siniselle pienryhmälle…',
        sv: 'Öppna en uppgiftslista och dela den med den blå smågruppen…',
      },
      async () => {
        await click(t, t.getByRole('link', { name: text('nav.teacher.todos') }).first());
        await click(t, t.getByRole('link', { name: reading.name }).first());
        await t.waitForURL(`**/teacher/todos/${reading.id}`);
        await click(t, t.getByRole('button', { name: text('todos.share.to.blue') }));
        await t.getByRole('button', { name: text('todos.share.to.blue'), pressed: true }).waitFor();
      },
    );
    await rec.step(
      { en: '…and another list to the orange one.', fi: '…ja toinen lista oranssille.', sv: '…och en annan lista med den orange.' },
      async () => {
        await click(t, t.getByRole('link', { name: sums.name }).first());
        await t.waitForURL(`**/teacher/todos/${sums.id}`);
        await click(t, t.getByRole('button', { name: text('todos.share.to.orange') }));
        await t.getByRole('button', { name: text('todos.share.to.orange'), pressed: true }).waitFor();
      },
    );
    rec.markPoster();
    await rec.step(
      {
        en: 'Shared todos shows each small group’s list and how far each student is.',
        fi: 'Jaetut tehtävät -sivu näyttää kummankin pienryhmän listan ja jokaisen oppilaan edistymisen.',
        sv: 'Delade uppgifter visar varje smågrupps lista och hur långt varje elev har kommit.',
      },
      async () => {
        await click(t, t.getByRole('link', { name: text('nav.teacher.shared') }).first());
        await t.getByTestId(`shared-member-${first}`).waitFor();
        await point(t, t.getByTestId('shared-list-name'), { pause: 1000 });
        await click(t, t.getByRole('radiogroup', { name: text('sharedTodos.switch') }).getByText(text('groups.smallGroups.orange')));
        await t.getByTestId(`shared-member-${c.students[1]}`).waitFor();
        await point(t, t.getByTestId('shared-list-name'), { pause: 1000 });
      },
    );
  },
};
