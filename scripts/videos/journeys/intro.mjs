// The intro: a teacher makes a group and a todo list, a student does a task, the teacher approves, coins rise.
import { click, point, type } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mrsvirtanen');
    const t = await newPage(teacher);
    await t.goto('/teacher/groups');
    await t.getByRole('textbox', { name: 'New group name' }).waitFor();
    await rec.show(t);

    const short = { minMs: 2500, holdMs: 800 };
    await rec.step({ en: 'Kolikko: the teacher creates a group for the class.', fi: 'Kolikko: opettaja luo luokalle ryhmän.' }, async () => {
      await type(t, t.getByRole('textbox', { name: 'New group name' }), 'Class 5A', { delay: 45 });
      await click(t, t.getByRole('button', { name: 'Create group' }));
      await t.getByTestId('active-group-name').first().filter({ hasText: 'Class 5A' }).waitFor();
    }, short);
    const student = await rec.offscreen(() => api.student('Class 5A', 'mia'));

    await rec.step({ en: 'Then a todo list, with a coin reward for each task…', fi: 'Sitten tehtävälista, jossa jokaisesta tehtävästä saa kolikoita…' }, async () => {
      await click(t, t.getByRole('link', { name: 'Todo lists' }).first());
      await type(t, t.getByRole('textbox', { name: 'New list name' }), 'Fractions', { delay: 45 });
      await click(t, t.getByRole('button', { name: 'Create list' }));
      await t.waitForURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
      await click(t, t.getByRole('button', { name: 'New todo' }));
      const dialog = t.getByRole('dialog', { name: 'New todo' });
      await click(t, dialog.getByRole('textbox', { name: 'Todo text' }), { pause: 400 });
      await t.keyboard.type('Explain what one quarter means.', { delay: 35 });
      await dialog.getByRole('spinbutton', { name: 'Reward' }).fill('');
      await type(t, dialog.getByRole('spinbutton', { name: 'Reward' }), '5', { delay: 100 });
      await click(t, dialog.getByRole('radio', { name: 'Open answer' }), { pause: 400 });
      await click(t, dialog.getByRole('button', { name: 'Save todo' }), { pause: 400 });
      await dialog.waitFor({ state: 'detached' });
    }, short);
    await rec.step({ en: '…shared with the students of the group.', fi: '…joka jaetaan ryhmän oppilaille.' }, async () => {
      await click(t, t.getByRole('button', { name: 'Share to blue' }));
      await t.getByRole('button', { name: 'Share to blue', pressed: true }).waitFor();
    }, short);

    const s = await rec.offscreen(() => newPage(student));
    const todo = s.getByTestId('student-todo-1');
    await rec.offscreen(async () => {
      await s.goto('/student/todos');
      await todo.waitFor();
    });
    await rec.show(s);
    await rec.step({ en: 'A student answers the task on their own device.', fi: 'Oppilas vastaa tehtävään omalla laitteellaan.' }, async () => {
      await type(s, todo.getByRole('textbox', { name: 'Your answer' }), 'One of four equal slices.', { delay: 40 });
      await click(s, todo.getByRole('button', { name: 'Send answer' }));
      await todo.and(s.locator('[data-status="awaiting_teacher"]')).waitFor();
    }, short);

    await rec.offscreen(async () => {
      await t.goto('/teacher/shared');
      await t.getByTestId('shared-member-mia').waitFor();
    });
    await rec.show(t);
    await rec.step({ en: 'The teacher reads the answer and approves it…', fi: 'Opettaja lukee vastauksen ja hyväksyy sen…' }, async () => {
      await click(t, t.getByRole('link', { name: 'mia' }));
      const answer = t.getByTestId('member-todos').getByTestId('member-todo-1');
      await answer.getByTestId('member-answer').waitFor();
      await point(t, answer.getByTestId('member-answer'), { pause: 700 });
      await click(t, answer.getByRole('button', { name: 'Approve' }));
      await answer.and(t.locator('[data-status="done"]')).waitFor();
    }, short);

    await rec.offscreen(async () => {
      await s.reload();
      await s.getByTestId('student-todo-1').and(s.locator('[data-status="done"]')).waitFor();
    });
    await rec.show(s);
    rec.markPoster();
    await rec.step({ en: '…and the student’s coins rise. Coins buy rewards the teacher chooses.', fi: '…ja oppilaan kolikot lisääntyvät. Kolikoilla ostetaan opettajan valitsemia palkintoja.' }, async () => {
      await point(s, s.getByTestId('coin-balance').first(), { pause: 1500, side: 'left' });
    }, { minMs: 4000 });
  },
};
