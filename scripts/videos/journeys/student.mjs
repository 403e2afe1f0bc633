// The student's side: the todos, ticking one done, an exact answer, the rewards, the avatar.
/* global window -- these functions run in the recorded page */
import { click, point, type } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mrskoskinen');
    const group = await api.group(teacher, 'Class 5C');
    const student = await api.student(group.name, 'lumi');
    const list = await api.list(teacher, 'Tuesday', [
      ['Read chapter 3 of the maths book.', { reward: 4 }],
      ['What is 1/2 + 1/4?', { reward: 6, answertype: 'strict', answer: '3/4' }],
      ['Explain what one quarter means.', { reward: 5, answertype: 'free' }],
    ]);
    await api.share(teacher, group.id, 'blue', list.id);
    const [member] = await api.members(teacher, group.id);
    await api.award(teacher, member.id, 10);
    await api.rewards(teacher, group.id, 'Treats', [
      ['Extra recess', 'Five more minutes outside.', 8],
      ['Choose the music', 'Pick the song for the break.', 15],
    ]);

    const s = await newPage(student);
    await s.goto('/student/todos');
    await s.getByTestId('student-todo-1').waitFor();
    await rec.show(s);
    await rec.step({ en: 'A student logs in with a nickname and sees the group’s todos.', fi: 'Oppilas kirjautuu nimimerkillä ja näkee ryhmän tehtävät.' }, async () => {
      await point(s, s.getByTestId('student-todo-1'), { pause: 1200 });
    });
    await rec.step({ en: 'Tick a task done: its coins arrive at once.', fi: 'Merkitse tehtävä tehdyksi: sen kolikot tulevat heti.' }, async () => {
      const todo = s.getByTestId('student-todo-1');
      await click(s, todo.getByRole('checkbox', { name: 'Done' }));
      await todo.and(s.locator('[data-status="done"]')).waitFor();
      await point(s, s.getByTestId('coin-balance').first(), { pause: 1000, side: 'left' });
    });
    await rec.step({ en: 'An exact answer is checked by the app.', fi: 'Sovellus tarkistaa tarkan vastauksen.' }, async () => {
      const todo = s.getByTestId('student-todo-2');
      await type(s, todo.getByRole('textbox', { name: 'Your answer' }), '3/4', { delay: 120 });
      await click(s, todo.getByRole('button', { name: 'Send answer' }));
      await todo.and(s.locator('[data-status="done"]')).waitFor();
      await point(s, s.getByTestId('coin-balance').first(), { pause: 1000, side: 'left' });
    });
    const reward = s.getByTestId('reward-Extra recess');
    await rec.step({ en: 'Coins buy the rewards the teacher published.', fi: 'Kolikoilla ostetaan opettajan julkaisemia palkintoja.' }, async () => {
      await click(s, s.getByRole('link', { name: 'Rewards' }).first());
      await reward.waitFor();
      await click(s, reward.getByRole('button', { name: 'Buy' }));
      await click(s, s.getByRole('dialog', { name: 'Buy Extra recess?' }).getByRole('button', { name: 'Confirm' }));
      await reward.and(s.locator('[data-active="true"]')).waitFor();
    });
    rec.markPoster();
    await rec.step({ en: 'In the profile, coins also dress up the student’s own character.', fi: 'Profiilissa kolikoilla voi myös pukea oman hahmon.' }, async () => {
      await click(s, s.getByRole('link', { name: 'Profile' }).first());
      await s.waitForURL('**/student/profile');
      const faces = await (await s.request.get('/api/images/faces')).json();
      const face = faces.find((f) => f.price > 0 && f.price <= 3);
      if (face) {
        await click(s, s.getByRole('button', { name: `Buy ${face.name.en}` }));
        await click(s, s.getByRole('dialog', { name: `Buy ${face.name.en}?` }).getByRole('button', { name: 'Confirm' }));
        await s.getByTestId(`part-face-${face.path}`).and(s.locator('[data-state="worn"]')).waitFor();
      }
      await s.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
    }, { minMs: 5000 });
  },
};
