// Todo lists: create a list, add todos with the editor, the three answer types.
import { className, click, point, type } from '../lib.mjs';

const CONTENT = {
  en: {
    teacher: 'mskorhonen',
    list: 'Spelling',
    plain: 'Read pages 10 to 12.',
    open: 'Use each new word in a sentence.',
    exact: ['What is the plural of mouse?', 'mice'],
  },
  fi: {
    teacher: 'ope.korhonen',
    list: 'Oikeinkirjoitus',
    plain: 'Lue sivut 10–12.',
    open: 'Käytä jokaista uutta sanaa lauseessa.',
    exact: ['Mikä on sanan hiiri monikko?', 'hiiret'],
  },
  sv: {
    teacher: 'sara.nyman',
    list: 'Stavning',
    plain: 'Läs sidorna 10–12.',
    open: 'Använd varje nytt ord i en mening.',
    exact: ['Vad är plural av ordet mus?', 'möss'],
  },
};

export default {
  async run({ api, rec, newPage, lang, t: text }) {
    const c = CONTENT[lang];

    async function addTodo(t, { todo, reward, kind, answer }) {
      await click(t, t.getByRole('button', { name: text('todos.new') }), { pause: 450 });
      const dialog = t.getByRole('dialog', { name: text('todos.editor.newTitle') });
      await click(t, dialog.getByRole('textbox', { name: text('todos.editor.text') }), { pause: 300 });
      await t.keyboard.type(todo, { delay: 22 });
      const coins = dialog.getByRole('spinbutton', { name: text('todos.editor.reward') });
      await coins.fill('');
      await type(t, coins, String(reward), { delay: 100 });
      if (kind) await click(t, dialog.getByRole('radio', { name: text(`todos.answerTypes.${kind}`) }), { pause: 350 });
      if (answer) await type(t, dialog.getByRole('textbox', { name: text('todos.editor.answer') }), answer, { delay: 80 });
      return dialog;
    }

    async function save(t, dialog) {
      await click(t, dialog.getByRole('button', { name: text('todos.editor.save') }), { pause: 350 });
      await dialog.waitFor({ state: 'detached' });
    }

    const teacher = await api.teacher(c.teacher);
    await api.group(teacher, className(lang, '6D'));
    const t = await newPage(teacher);
    await t.goto('/teacher/todos');
    await t.getByRole('textbox', { name: text('todolists.new.label') }).waitFor();
    await rec.show(t);

    await rec.step(
      {
        en: 'On Todo lists, name a new list and create it.',
        fi: 'Nimeä Tehtävälistat-sivulla uusi lista ja luo se.',
        sv: 'Ge en ny lista ett namn under Uppgiftslistor och skapa den.',
      },
      async () => {
        await type(t, t.getByRole('textbox', { name: text('todolists.new.label') }), c.list);
        await click(t, t.getByRole('button', { name: text('todolists.new.submit') }));
        await t.waitForURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
      },
    );
    await rec.step(
      {
        en: 'Add a todo: write it in the editor and set its coin reward.',
        fi: 'Lisää tehtävä: kirjoita se editoriin ja aseta sen palkkio kolikoina.',
        sv: 'Lägg till en uppgift: skriv den i redigeraren och ange hur många mynt den ger.',
      },
      async () => {
        await save(t, await addTodo(t, { todo: c.plain, reward: 2 }));
      },
      { holdMs: 800 },
    );
    await rec.step(
      {
        en: 'An open answer: the student writes it and you approve it.',
        fi: 'Avoin vastaus: oppilas kirjoittaa sen, ja sinä hyväksyt sen.',
        sv: 'Öppet svar: eleven skriver svaret och du godkänner det.',
      },
      async () => {
        await save(t, await addTodo(t, { todo: c.open, reward: 5, kind: 'free' }));
      },
      { holdMs: 800 },
    );
    let dialog;
    await rec.step(
      {
        en: 'An exact answer: the app checks it and pays the coins at once.',
        fi: 'Tarkka vastaus: sovellus tarkistaa sen ja maksaa kolikot heti.',
        sv: 'Exakt svar: appen kontrollerar svaret och betalar ut mynten direkt.',
      },
      async () => {
        dialog = await addTodo(t, { todo: c.exact[0], reward: 3, kind: 'strict', answer: c.exact[1] });
      },
      { holdMs: 600 },
    );
    rec.markPoster();
    await rec.step(
      {
        en: 'Save it: the list is ready to share with your group.',
        fi: 'Tallenna: lista on valmis jaettavaksi ryhmällesi.',
        sv: 'Spara: listan är klar att dela med din grupp.',
      },
      async () => {
        await save(t, dialog);
        await t.getByTestId('todo-3').waitFor();
        await point(t, t.getByTestId('todo-3'), { pause: 900 });
        await point(t, t.getByRole('button', { name: text('todos.share.to.blue') }), { pause: 1200 });
      },
    );
  },
};
