// The student's side: the todos, ticking one done, an exact answer, the rewards, the avatar.
/* global window -- these functions run in the recorded page */
import { className, click, point, type } from '../lib.mjs';

/** The todos: a plain one, an exact answer ('3/4'), an open one; the rewards: [name, description, price]. */
const CONTENT = {
  en: {
    teacher: 'mrskoskinen',
    student: 'lumi',
    list: 'Tuesday',
    todos: ['Read chapter 3 of the maths book.', 'What is 1/2 + 1/4?', 'Explain what one quarter means.'],
    rewardList: 'Treats',
    rewards: [
      ['Extra recess', 'Five more minutes outside.', 8],
      ['Choose the music', 'Pick the song for the break.', 15],
    ],
  },
  fi: {
    teacher: 'ope.koskinen',
    student: 'lumi',
    list: 'Tiistai',
    todos: ['Lue matematiikan kirjasta luku 3.', 'Paljonko on 1/2 + 1/4?', 'Selitä, mitä yksi neljäsosa tarkoittaa.'],
    rewardList: 'Luokan palkinnot',
    rewards: [
      ['Lisävälitunti', 'Viisi minuuttia lisää ulkona.', 8],
      ['Valitse musiikki', 'Valitse välitunnin kappale.', 15],
    ],
  },
  sv: {
    teacher: 'eva.lund',
    student: 'maja',
    list: 'Tisdag',
    todos: ['Läs kapitel 3 i matteboken.', 'Hur mycket är 1/2 + 1/4?', 'Förklara vad en fjärdedel betyder.'],
    rewardList: 'Klassens belöningar',
    rewards: [
      ['Extra rast', 'Fem minuter till ute.', 8],
      ['Välj musiken', 'Välj låten för rasten.', 15],
    ],
  },
};

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const c = CONTENT[lang];
    const teacher = await api.teacher(c.teacher);
    const group = await api.group(teacher, className(lang, '5C'));
    const student = await api.student(group.name, c.student);
    const [plain, exact, open] = c.todos;
    const list = await api.list(teacher, c.list, [
      [plain, { reward: 4 }],
      [exact, { reward: 6, answertype: 'strict', answer: '3/4' }],
      [open, { reward: 5, answertype: 'free' }],
    ]);
    await api.share(teacher, group.id, 'blue', list.id);
    const [member] = await api.members(teacher, group.id);
    await api.award(teacher, member.id, 10);
    await api.rewards(teacher, group.id, c.rewardList, c.rewards);
    const [rewardName] = c.rewards[0];

    const s = await newPage(student);
    await s.goto('/student/todos');
    await s.getByTestId('student-todo-1').waitFor();
    await rec.show(s);
    await rec.step(
      {
        en: 'A student logs in with a nickname and sees the group’s todos.',
        fi: 'Oppilas kirjautuu nimimerkillä ja näkee ryhmän tehtävät.',
        sv: 'En elev loggar in med sitt smeknamn och ser gruppens uppgifter.',
      },
      async () => {
        await point(s, s.getByTestId('student-todo-1'), { pause: 1200 });
      },
    );
    await rec.step(
      { en: 'Tick a task done: its coins arrive at once.', fi: 'Merkitse tehtävä tehdyksi: sen kolikot tulevat heti.', sv: 'Bocka av en uppgift som gjord: mynten kommer direkt.' },
      async () => {
        const todo = s.getByTestId('student-todo-1');
        await click(s, todo.getByRole('checkbox', { name: text('studentTodos.done') }));
        await todo.and(s.locator('[data-status="done"]')).waitFor();
        await point(s, s.getByTestId('coin-balance').first(), { pause: 1000, side: 'left' });
      },
    );
    await rec.step(
      { en: 'An exact answer is checked by the app.', fi: 'Sovellus tarkistaa tarkan vastauksen.', sv: 'Ett exakt svar kontrolleras av appen.' },
      async () => {
        const todo = s.getByTestId('student-todo-2');
        await type(s, todo.getByRole('textbox', { name: text('studentTodos.yourAnswer') }), '3/4', { delay: 120 });
        await click(s, todo.getByRole('button', { name: text('studentTodos.send') }));
        await todo.and(s.locator('[data-status="done"]')).waitFor();
        await point(s, s.getByTestId('coin-balance').first(), { pause: 1000, side: 'left' });
      },
    );
    const reward = s.getByTestId(`reward-${rewardName}`);
    await rec.step(
      {
        en: 'Coins buy the rewards the teacher published.',
        fi: 'Kolikoilla ostetaan opettajan julkaisemia palkintoja.',
        sv: 'Med mynten köper eleven belöningar som läraren har publicerat.',
      },
      async () => {
        await click(s, s.getByRole('link', { name: text('nav.student.rewards') }).first());
        await reward.waitFor();
        await click(s, reward.getByRole('button', { name: text('studentRewards.buy') }));
        await click(s, s.getByRole('dialog', { name: text('studentRewards.confirmTitle', { name: rewardName }) }).getByRole('button', { name: text('common.confirm') }));
        await reward.and(s.locator('[data-active="true"]')).waitFor();
      },
    );
    rec.markPoster();
    await rec.step(
      {
        en: 'In the profile, coins also dress up the student’s own character.',
        fi: 'Profiilissa kolikoilla voi myös pukea oman hahmon.',
        sv: 'I profilen kan eleven också klä upp sin egen figur med mynt.',
      },
      async () => {
        await click(s, s.getByRole('link', { name: text('nav.student.profile') }).first());
        await s.waitForURL('**/student/profile');
        const faces = await (await s.request.get('/api/images/faces')).json();
        const face = faces.find((f) => f.price > 0 && f.price <= 3);
        if (face) {
          const name = face.name[lang] ?? face.name.en;
          await click(s, s.getByRole('button', { name: text('character.buyPart', { name }) }));
          await click(s, s.getByRole('dialog', { name: text('character.buyTitle', { name }) }).getByRole('button', { name: text('common.confirm') }));
          await s.getByTestId(`part-face-${face.path}`).and(s.locator('[data-state="worn"]')).waitFor();
        }
        await s.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
      },
      { minMs: 5000 },
    );
  },
};
