// The intro: a teacher makes a group and a todo list, a student does a task, the teacher approves, coins rise.
import { className, click, point, type } from '../lib.mjs';

const CONTENT = {
  en: { teacher: 'mrsvirtanen', student: 'mia', list: 'Fractions', todo: 'Explain what one quarter means.', answer: 'One of four equal slices.' },
  fi: { teacher: 'ope.virtanen', student: 'aino', list: 'Murtoluvut', todo: 'Selitä, mitä yksi neljäsosa tarkoittaa.', answer: 'Yksi neljästä yhtä suuresta palasta.' },
  sv: { teacher: 'anna.lindholm', student: 'elsa', list: 'Bråk', todo: 'Förklara vad en fjärdedel betyder.', answer: 'En av fyra lika stora bitar.' },
};

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const c = CONTENT[lang];
    const groupName = className(lang, '5A');
    const teacher = await api.teacher(c.teacher);
    const t = await newPage(teacher);
    await t.goto('/teacher/groups');
    await t.getByRole('textbox', { name: text('groups.new.label') }).waitFor();
    await rec.show(t);

    const short = { minMs: 2500, holdMs: 800 };
    await rec.step(
      { en: 'Kolikko: the teacher creates a group for the class.', fi: 'Kolikko: opettaja luo luokalle ryhmän.', sv: 'Kolikko: läraren skapar en grupp för klassen.' },
      async () => {
        await type(t, t.getByRole('textbox', { name: text('groups.new.label') }), groupName, { delay: 45 });
        await click(t, t.getByRole('button', { name: text('groups.new.submit') }));
        await t.getByTestId('active-group-name').first().filter({ hasText: groupName }).waitFor();
      },
      short,
    );
    const student = await rec.offscreen(() => api.student(groupName, c.student));

    await rec.step(
      {
        en: 'Then a todo list, with a coin reward for each task…',
        fi: 'Sitten tehtävälista, jossa jokaisesta tehtävästä saa kolikoita…',
        sv: 'Sedan en uppgiftslista, där varje uppgift ger mynt…',
      },
      async () => {
        await click(t, t.getByRole('link', { name: text('nav.teacher.todos') }).first());
        await type(t, t.getByRole('textbox', { name: text('todolists.new.label') }), c.list, { delay: 45 });
        await click(t, t.getByRole('button', { name: text('todolists.new.submit') }));
        await t.waitForURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
        await click(t, t.getByRole('button', { name: text('todos.new') }));
        const dialog = t.getByRole('dialog', { name: text('todos.editor.newTitle') });
        await click(t, dialog.getByRole('textbox', { name: text('todos.editor.text') }), { pause: 400 });
        await t.keyboard.type(c.todo, { delay: 35 });
        const reward = dialog.getByRole('spinbutton', { name: text('todos.editor.reward') });
        await reward.fill('');
        await type(t, reward, '5', { delay: 100 });
        await click(t, dialog.getByRole('radio', { name: text('todos.answerTypes.free') }), { pause: 400 });
        await click(t, dialog.getByRole('button', { name: text('todos.editor.save') }), { pause: 400 });
        await dialog.waitFor({ state: 'detached' });
      },
      short,
    );
    await rec.step(
      { en: '…shared with the students of the group.', fi: '…joka jaetaan ryhmän oppilaille.', sv: '…som delas med gruppens elever.' },
      async () => {
        await click(t, t.getByRole('button', { name: text('todos.share.to.blue') }));
        await t.getByRole('button', { name: text('todos.share.to.blue'), pressed: true }).waitFor();
      },
      short,
    );

    const s = await rec.offscreen(() => newPage(student));
    const todo = s.getByTestId('student-todo-1');
    await rec.offscreen(async () => {
      await s.goto('/student/todos');
      await todo.waitFor();
    });
    await rec.show(s);
    await rec.step(
      { en: 'A student answers the task on their own device.', fi: 'Oppilas vastaa tehtävään omalla laitteellaan.', sv: 'En elev svarar på uppgiften på sin egen enhet.' },
      async () => {
        await type(s, todo.getByRole('textbox', { name: text('studentTodos.yourAnswer') }), c.answer, { delay: 40 });
        await click(s, todo.getByRole('button', { name: text('studentTodos.send') }));
        await todo.and(s.locator('[data-status="awaiting_teacher"]')).waitFor();
      },
      short,
    );

    await rec.offscreen(async () => {
      await t.goto('/teacher/shared');
      await t.getByTestId(`shared-member-${c.student}`).waitFor();
    });
    await rec.show(t);
    await rec.step(
      { en: 'The teacher reads the answer and approves it…', fi: 'Opettaja lukee vastauksen ja hyväksyy sen…', sv: 'Läraren läser svaret och godkänner det…' },
      async () => {
        await click(t, t.getByRole('link', { name: c.student }));
        const answer = t.getByTestId('member-todos').getByTestId('member-todo-1');
        await answer.getByTestId('member-answer').waitFor();
        await point(t, answer.getByTestId('member-answer'), { pause: 700 });
        await click(t, answer.getByRole('button', { name: text('sharedTodos.approve') }));
        await answer.and(t.locator('[data-status="done"]')).waitFor();
      },
      short,
    );

    await rec.offscreen(async () => {
      await s.reload();
      await s.getByTestId('student-todo-1').and(s.locator('[data-status="done"]')).waitFor();
    });
    await rec.show(s);
    rec.markPoster();
    await rec.step(
      {
        en: '…and the student’s coins rise. Coins buy rewards the teacher chooses.',
        fi: '…ja oppilaan kolikot lisääntyvät. Kolikoilla ostetaan opettajan valitsemia palkintoja.',
        sv: '…och elevens mynt blir fler. Med mynten köper eleven belöningar som läraren väljer.',
      },
      async () => {
        await point(s, s.getByTestId('coin-balance').first(), { pause: 1500, side: 'left' });
      },
      { minMs: 4000 },
    );
  },
};
