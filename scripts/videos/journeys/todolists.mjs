// Todo lists: create a list, add todos with the editor, the three answer types.
import { click, point, type } from '../lib.mjs';

async function addTodo(t, { text, reward, kind, answer }) {
  await click(t, t.getByRole('button', { name: 'New todo' }), { pause: 450 });
  const dialog = t.getByRole('dialog', { name: 'New todo' });
  await click(t, dialog.getByRole('textbox', { name: 'Todo text' }), { pause: 300 });
  await t.keyboard.type(text, { delay: 22 });
  const coins = dialog.getByRole('spinbutton', { name: 'Reward' });
  await coins.fill('');
  await type(t, coins, String(reward), { delay: 100 });
  if (kind) await click(t, dialog.getByRole('radio', { name: kind }), { pause: 350 });
  if (answer) await type(t, dialog.getByRole('textbox', { name: 'Correct answer' }), answer, { delay: 80 });
  return dialog;
}

async function save(t, dialog) {
  await click(t, dialog.getByRole('button', { name: 'Save todo' }), { pause: 350 });
  await dialog.waitFor({ state: 'detached' });
}

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mskorhonen');
    await api.group(teacher, 'Class 6D');
    const t = await newPage(teacher);
    await t.goto('/teacher/todos');
    await t.getByRole('textbox', { name: 'New list name' }).waitFor();
    await rec.show(t);

    await rec.step({ en: 'On Todo lists, name a new list and create it.', fi: 'Nimeä Tehtävälistat-sivulla uusi lista ja luo se.' }, async () => {
      await type(t, t.getByRole('textbox', { name: 'New list name' }), 'Spelling');
      await click(t, t.getByRole('button', { name: 'Create list' }));
      await t.waitForURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
    });
    await rec.step({ en: 'Add a todo: write it in the editor and set its coin reward.', fi: 'Lisää tehtävä: kirjoita se editoriin ja aseta sen palkkio kolikoina.' }, async () => {
      await save(t, await addTodo(t, { text: 'Read pages 10 to 12.', reward: 2 }));
    }, { holdMs: 800 });
    await rec.step({ en: 'An open answer: the student writes it and you approve it.', fi: 'Avoin vastaus: oppilas kirjoittaa sen, ja sinä hyväksyt sen.' }, async () => {
      await save(t, await addTodo(t, { text: 'Use each new word in a sentence.', reward: 5, kind: 'Open answer' }));
    }, { holdMs: 800 });
    const dialog = await (async () => {
      let d;
      await rec.step({ en: 'An exact answer: the app checks it and pays the coins at once.', fi: 'Tarkka vastaus: sovellus tarkistaa sen ja maksaa kolikot heti.' }, async () => {
        d = await addTodo(t, { text: 'What is the plural of mouse?', reward: 3, kind: 'Exact answer', answer: 'mice' });
      }, { holdMs: 600 });
      return d;
    })();
    rec.markPoster();
    await rec.step({ en: 'Save it: the list is ready to share with your group.', fi: 'Tallenna: lista on valmis jaettavaksi ryhmällesi.' }, async () => {
      await save(t, dialog);
      await t.getByTestId('todo-3').waitFor();
      await point(t, t.getByTestId('todo-3'), { pause: 900 });
      await point(t, t.getByRole('button', { name: 'Share to blue' }), { pause: 1200 });
    });
  },
};
