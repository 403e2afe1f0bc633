// Small groups: a group's blue and orange small groups, each with its own todo list.
import { click, point } from '../lib.mjs';

export default {
  async run({ api, rec, newPage }) {
    const teacher = await api.teacher('mrniemi');
    const group = await api.group(teacher, 'Class 2E');
    for (const name of ['ella', 'onni', 'sofia', 'eino']) await api.student(group.name, name);
    const reading = await api.list(teacher, 'Reading', [['Read one chapter of your book.', { reward: 2 }], ['Tell a friend what happened.', { reward: 2 }]]);
    const sums = await api.list(teacher, 'Sums', [['What is 7 + 8?', { reward: 3, answertype: 'strict', answer: '15' }], ['What is 12 - 5?', { reward: 3, answertype: 'strict', answer: '7' }]]);

    const t = await newPage(teacher);
    await t.goto('/teacher/groups');
    await t.getByTestId('member-card-eino').waitFor();
    await rec.show(t);
    await rec.step({ en: 'Every student is in the blue or the orange small group of the group.', fi: 'Jokainen oppilas on ryhmän sinisessä tai oranssissa pienryhmässä.' }, async () => {
      await point(t, t.getByTestId('member-small-group-ella'), { pause: 1200 });
    });
    await rec.step({ en: 'Click the colour on a card to move the student to the other small group.', fi: 'Siirrä oppilas toiseen pienryhmään napsauttamalla kortin väriä.' }, async () => {
      for (const name of ['onni', 'eino']) {
        await click(t, t.getByTestId(`member-small-group-${name}`));
        await t.getByRole('button', { name: `Small group of ${name}: Orange. Change` }).waitFor();
      }
    });
    await rec.step({ en: 'Open a todo list and share it to the blue small group…', fi: 'Avaa tehtävälista ja jaa se siniselle pienryhmälle…' }, async () => {
      await click(t, t.getByRole('link', { name: 'Todo lists' }).first());
      await click(t, t.getByRole('link', { name: reading.name }).first());
      await t.waitForURL(`**/teacher/todos/${reading.id}`);
      await click(t, t.getByRole('button', { name: 'Share to blue' }));
      await t.getByRole('button', { name: 'Share to blue', pressed: true }).waitFor();
    });
    await rec.step({ en: '…and another list to the orange one.', fi: '…ja toinen lista oranssille.' }, async () => {
      await click(t, t.getByRole('link', { name: sums.name }).first());
      await t.waitForURL(`**/teacher/todos/${sums.id}`);
      await click(t, t.getByRole('button', { name: 'Share to orange' }));
      await t.getByRole('button', { name: 'Share to orange', pressed: true }).waitFor();
    });
    rec.markPoster();
    await rec.step({ en: 'Shared todos shows each small group’s list and how far each student is.', fi: 'Jaetut tehtävät -sivu näyttää kummankin pienryhmän listan ja jokaisen oppilaan edistymisen.' }, async () => {
      await click(t, t.getByRole('link', { name: 'Shared todos' }).first());
      await t.getByTestId('shared-member-ella').waitFor();
      await point(t, t.getByTestId('shared-list-name'), { pause: 1000 });
      await click(t, t.getByRole('radiogroup', { name: 'Small group' }).getByText('Orange'));
      await t.getByTestId('shared-member-onni').waitFor();
      await point(t, t.getByTestId('shared-list-name'), { pause: 1000 });
    });
  },
};
