// Community: browse the lists other teachers published, filter, search, preview, get a free one.
import { click, point, type } from '../lib.mjs';

const description = (text) => ({ content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] } });

export default {
  async run({ api, rec, newPage, dataDir }) {
    const publisher = await api.teacher('mrsaarinen');
    await api.premium(dataDir, publisher.username);
    const published = [
      ['Fractions for beginners', 'Five short steps about halves and quarters.', 0, ['MATHEMATICS'], ['FIFTH_GRADE'], ['What is half of 10?', 'What is a quarter of 8?', 'Draw one half of a circle.', 'Which is bigger: 1/2 or 1/4?', 'Write 1/2 as a decimal.']],
      ['Plants around us', 'Go outside and find out how plants grow.', 5, ['BIOLOGY'], ['FOURTH_GRADE'], ['Find three different leaves.', 'Why do plants need light?', 'Draw a flower and name its parts.']],
      ['Times tables', 'Practise the tables from 2 to 5.', 3, ['MATHEMATICS'], ['THIRD_GRADE'], ['What is 3 × 4?', 'What is 5 × 6?', 'What is 2 × 9?']],
    ];
    for (const [title, text, price, categories, targets, todos] of published) {
      const list = await api.list(publisher, title, todos.map((todo) => [todo, { reward: 1 }]));
      await api.ok(201, 'POST', `/community/todolist/${list.id}`, {
        cookie: publisher.cookie,
        body: { title, description: description(text), price, categories, targets, language: 'EN' },
      });
    }

    const teacher = await api.teacher('msheikkinen');
    await api.group(teacher, 'Class 5F');
    const t = await newPage(teacher);
    await t.goto('/teacher/community');
    await t.getByTestId('community-card').first().waitFor();
    await rec.show(t);
    await rec.step({ en: 'In Community, teachers share their todo lists with each other.', fi: 'Yhteisössä opettajat jakavat tehtävälistojaan toisilleen.' }, async () => {
      await point(t, t.getByTestId('community-card').first(), { pause: 1200 });
    });
    const filters = t.getByRole('region', { name: 'Search and filters' });
    await rec.step({ en: 'Filter by subject or search for a topic.', fi: 'Rajaa oppiaineen mukaan tai hae aihetta.' }, async () => {
      await click(t, filters.getByRole('combobox', { name: 'Category' }));
      await click(t, t.getByRole('option', { name: 'Mathematics', exact: true }));
      await type(t, filters.getByRole('searchbox', { name: 'Search' }), 'fractions');
      await t.getByTestId('community-card').filter({ hasText: 'Fractions for beginners' }).waitFor();
    });
    const card = t.getByTestId('community-card').filter({ hasText: 'Fractions for beginners' });
    const detail = t.getByRole('dialog', { name: 'Fractions for beginners' });
    rec.markPoster();
    await rec.step({ en: 'Open a list to preview its first todos.', fi: 'Avaa lista, niin näet sen ensimmäiset tehtävät.' }, async () => {
      await click(t, card.getByRole('button', { name: 'Details of Fractions for beginners' }));
      await detail.getByTestId('community-preview').waitFor();
      await point(t, detail.getByTestId('community-preview'), { pause: 1500 });
    });
    await rec.step({ en: 'Get it: a copy goes to your own todo lists. Paid lists cost coins.', fi: 'Ota se käyttöön: kopio tulee omiin tehtävälistoihisi. Maksulliset listat maksavat kolikoita.' }, async () => {
      await click(t, detail.getByRole('button', { name: /^(Buy|Get)/ }).first());
      const box = detail.getByRole('checkbox');
      if ((await box.count()) > 0) await click(t, box);
      await click(t, detail.getByRole('button', { name: 'Confirm' }));
      await detail.getByTestId('community-bought').waitFor();
    });
    await rec.step({ en: 'Open the list, change it as you like and share it with your group.', fi: 'Avaa lista, muokkaa sitä haluamallasi tavalla ja jaa se ryhmällesi.' }, async () => {
      await click(t, detail.getByRole('link', { name: 'Open the list' }));
      await t.waitForURL(/\/teacher\/todos\/[\w-]+$/);
      await t.getByTestId('todo-5').waitFor();
      await point(t, t.getByTestId('todo-1'), { pause: 1200 });
    });
  },
};
