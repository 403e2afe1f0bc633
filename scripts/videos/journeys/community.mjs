// Community: browse the lists other teachers published, filter, search, preview, get a free one.
import { className, click, point, type } from '../lib.mjs';

const description = (text) => ({ content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] } });

/**
 * The publisher and the teacher who browses, what is typed into the search, and the published
 * lists: [title, description, price, categories, targets, todos]; the first is the one found.
 */
const CONTENT = {
  en: {
    publisher: 'mrsaarinen',
    teacher: 'mrsheikkinen',
    search: 'fractions',
    lists: [
      ['Fractions for beginners', 'Five short steps about halves and quarters.', 0, ['MATHEMATICS'], ['FIFTH_GRADE'], ['What is half of 10?', 'What is a quarter of 8?', 'Draw one half of a circle.', 'Which is bigger: 1/2 or 1/4?', 'Write 1/2 as a decimal.']],
      ['Plants around us', 'Go outside and find out how plants grow.', 5, ['BIOLOGY'], ['FOURTH_GRADE'], ['Find three different leaves.', 'Why do plants need light?', 'Draw a flower and name its parts.']],
      ['Times tables', 'Practise the tables from 2 to 5.', 3, ['MATHEMATICS'], ['THIRD_GRADE'], ['What is 3 × 4?', 'What is 5 × 6?', 'What is 2 × 9?']],
    ],
  },
  fi: {
    publisher: 'ope.saarinen',
    teacher: 'ope.heikkinen',
    search: 'murtolu',
    lists: [
      ['Murtolukujen alkeet', 'Viisi lyhyttä tehtävää puolikkaista ja neljäsosista.', 0, ['MATHEMATICS'], ['FIFTH_GRADE'], ['Paljonko on puolet luvusta 10?', 'Paljonko on neljäsosa luvusta 8?', 'Piirrä puolikas ympyrä.', 'Kumpi on suurempi: 1/2 vai 1/4?', 'Kirjoita 1/2 desimaalilukuna.']],
      ['Kasvit ympärillämme', 'Mene ulos ja ota selvää, miten kasvit kasvavat.', 5, ['BIOLOGY'], ['FOURTH_GRADE'], ['Etsi kolme erilaista lehteä.', 'Miksi kasvit tarvitsevat valoa?', 'Piirrä kukka ja nimeä sen osat.']],
      ['Kertotaulut', 'Harjoittele kertotauluja 2:sta 5:een.', 3, ['MATHEMATICS'], ['THIRD_GRADE'], ['Paljonko on 3 × 4?', 'Paljonko on 5 × 6?', 'Paljonko on 2 × 9?']],
    ],
  },
  sv: {
    publisher: 'karin.bjork',
    teacher: 'mikael.strand',
    search: 'bråk',
    lists: [
      ['Bråk för nybörjare', 'Fem korta uppgifter om halvor och fjärdedelar.', 0, ['MATHEMATICS'], ['FIFTH_GRADE'], ['Vad är hälften av 10?', 'Vad är en fjärdedel av 8?', 'Rita en halv cirkel.', 'Vilket är störst: 1/2 eller 1/4?', 'Skriv 1/2 som decimaltal.']],
      ['Växter omkring oss', 'Gå ut och ta reda på hur växter växer.', 5, ['BIOLOGY'], ['FOURTH_GRADE'], ['Hitta tre olika löv.', 'Varför behöver växter ljus?', 'Rita en blomma och skriv namnen på dess delar.']],
      ['Multiplikationstabeller', 'Öva tabellerna från 2 till 5.', 3, ['MATHEMATICS'], ['THIRD_GRADE'], ['Hur mycket är 3 × 4?', 'Hur mycket är 5 × 6?', 'Hur mycket är 2 × 9?']],
    ],
  },
};

export default {
  async run({ api, rec, newPage, dataDir, lang, t: text }) {
    const c = CONTENT[lang];
    const publisher = await api.teacher(c.publisher);
    await api.premium(dataDir, publisher.username);
    for (const [title, summary, price, categories, targets, todos] of c.lists) {
      const list = await api.list(publisher, title, todos.map((todo) => [todo, { reward: 1 }]));
      await api.ok(201, 'POST', `/community/todolist/${list.id}`, {
        cookie: publisher.cookie,
        body: { title, description: description(summary), price, categories, targets, language: lang.toUpperCase() },
      });
    }
    const [found] = c.lists[0];

    const teacher = await api.teacher(c.teacher);
    await api.group(teacher, className(lang, '5F'));
    const t = await newPage(teacher);
    await t.goto('/teacher/community');
    await t.getByTestId('community-card').first().waitFor();
    await rec.show(t);
    await rec.step(
      {
        en: 'In Community, teachers share their todo lists with each other.',
        fi: 'Yhteisössä opettajat jakavat tehtävälistojaan toisilleen.',
        sv: 'I Gemenskapen delar lärare sina uppgiftslistor med varandra.',
      },
      async () => {
        await point(t, t.getByTestId('community-card').first(), { pause: 1200 });
      },
    );
    const filters = t.getByRole('region', { name: text('community.filters.label') });
    await rec.step(
      { en: 'Filter by subject or search for a topic.', fi: 'Rajaa oppiaineen mukaan tai hae aihetta.', sv: 'Filtrera på ämne eller sök efter ett tema.' },
      async () => {
        await click(t, filters.getByRole('combobox', { name: text('community.filters.category') }));
        await click(t, t.getByRole('option', { name: text('todolists.categories.MATHEMATICS'), exact: true }));
        await type(t, filters.getByRole('searchbox', { name: text('community.filters.search') }), c.search);
        await t.getByTestId('community-card').filter({ hasText: found }).waitFor();
      },
    );
    const card = t.getByTestId('community-card').filter({ hasText: found });
    const detail = t.getByRole('dialog', { name: found });
    rec.markPoster();
    await rec.step(
      {
        en: 'Open a list to preview its first todos.',
        fi: 'Avaa lista, niin näet sen ensimmäiset tehtävät.',
        sv: 'Öppna en lista för att se dess första uppgifter.',
      },
      async () => {
        await click(t, card.getByRole('button', { name: text('community.detailsOf', { title: found }) }));
        await detail.getByTestId('community-preview').waitFor();
        await point(t, detail.getByTestId('community-preview'), { pause: 1500 });
      },
    );
    await rec.step(
      {
        en: 'Get it: a copy goes to your own todo lists. Paid lists cost coins.',
        fi: 'Ota se käyttöön: kopio tulee omiin tehtävälistoihisi. Maksulliset listat maksavat kolikoita.',
        sv: 'Hämta den: en kopia hamnar bland dina egna uppgiftslistor. Listor som kostar betalar du med mynt.',
      },
      async () => {
        await click(t, detail.getByRole('button', { name: text('community.detail.buyFree') }));
        const box = detail.getByRole('checkbox');
        if ((await box.count()) > 0) await click(t, box);
        await click(t, detail.getByRole('button', { name: text('common.confirm') }));
        await detail.getByTestId('community-bought').waitFor();
      },
    );
    await rec.step(
      {
        en: 'Open the list, change it as you like and share it with your group.',
        fi: 'Avaa lista, muokkaa sitä haluamallasi tavalla ja jaa se ryhmällesi.',
        sv: 'Öppna listan, ändra den som du vill och dela den med din grupp.',
      },
      async () => {
        await click(t, detail.getByRole('link', { name: text('community.detail.open') }));
        await t.waitForURL(/\/teacher\/todos\/[\w-]+$/);
        await t.getByTestId('todo-5').waitFor();
        await point(t, t.getByTestId('todo-1'), { pause: 1200 });
      },
    );
  },
};
