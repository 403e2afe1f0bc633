import { expect, test, type Locator, type Page } from '@playwright/test';
import { createTeacher, uniqueName } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

/** Picks an option of a Mantine select by its label. */
async function choose(dialog: Locator, page: Page, field: string, option: string) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('todo list settings: rename and describe a list, copy it, and delete the copy after a confirmation', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const { context, page } = await signedInPage(browser, 'teacher', teacher);
  const me = (await (await page.request.get('/api/checkStatus')).json()) as { id: string };
  const name = uniqueName('Fractions');
  const list = (await (await page.request.post('/api/todolists', { data: { id: me.id, name } })).json()) as { id: string };
  await page.goto(`/teacher/todos/${list.id}`);

  await page.getByRole('button', { name: `Settings for ${name}` }).click();
  let dialog = page.getByRole('dialog', { name: `List settings: ${name}` });
  const renamed = uniqueName('Fractions B');
  await dialog.getByRole('textbox', { name: 'List name' }).fill(renamed);
  await choose(dialog, page, 'Category', 'Mathematics');
  await choose(dialog, page, 'Target audience', 'Grade 4');
  await choose(dialog, page, 'Language of the list', 'English');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('notification-banner')).toContainText(`Settings of “${renamed}” saved.`);
  await expect(dialog).toBeHidden();
  const stored = (await (await page.request.get(`/api/todolist/${list.id}`)).json()) as { name: string; category: string; target: string; language: string };
  expect(stored).toMatchObject({ name: renamed, category: 'mathematics', target: 'FOURTH_GRADE', language: 'EN' });

  // Copy: the teacher lands on the copy.
  await page.getByRole('button', { name: `Settings for ${renamed}` }).click();
  dialog = page.getByRole('dialog', { name: `List settings: ${renamed}` });
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue('Mathematics');
  await dialog.getByRole('button', { name: 'Copy list' }).click();
  await expect(page).not.toHaveURL(`/teacher/todos/${list.id}`);
  await expect(page).toHaveURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
  const copyName = `Copy of ${renamed}`;
  await expect(page.getByRole('heading', { name: copyName })).toBeVisible();

  // Delete the copy, after a confirmation; the original stays.
  await page.getByRole('button', { name: `Settings for ${copyName}` }).click();
  await page.getByRole('dialog', { name: `List settings: ${copyName}` }).getByRole('button', { name: 'Delete list' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the list?' });
  await expect(confirm).toContainText(`“${copyName}” and all its todos will be deleted.`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/teacher/todos');
  await expect(page.getByTestId('notification-banner')).toContainText(`List “${copyName}” deleted.`);
  const lists = (await (await page.request.get(`/api/todolists/${me.id}`)).json()) as { name: string }[];
  expect(lists.map((l) => l.name)).toEqual([renamed]);

  await context.close();
});

test('reward list settings: copy a list, and delete the copy after a confirmation', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const { context, page } = await signedInPage(browser, 'teacher', teacher);
  const me = (await (await page.request.get('/api/checkStatus')).json()) as { id: string };
  const name = uniqueName('Treats');
  const list = (await (await page.request.post('/api/rewardlist', { data: { id: me.id, name } })).json()) as { id: string };
  await page.goto(`/teacher/rewards/${list.id}`);

  await page.getByRole('button', { name: `Settings for ${name}` }).click();
  await page.getByRole('dialog', { name: `Reward list settings: ${name}` }).getByRole('button', { name: 'Copy list' }).click();
  await expect(page).not.toHaveURL(`/teacher/rewards/${list.id}`);
  await expect(page).toHaveURL(/\/teacher\/rewards\/[0-9a-f-]{36}$/);
  const copyName = `Copy of ${name}`;

  await page.getByRole('button', { name: `Settings for ${copyName}` }).click();
  await page.getByRole('dialog', { name: `Reward list settings: ${copyName}` }).getByRole('button', { name: 'Delete list' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${copyName}?` });
  await expect(confirm).toContainText(`The list “${copyName}” will be deleted. Its rewards are kept.`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/teacher/rewards');
  await expect(page.getByTestId('notification-banner')).toContainText(`Reward list “${copyName}” deleted.`);
  const lists = (await (await page.request.get(`/api/rewardlists/${me.id}`)).json()) as { name: string }[];
  expect(lists.map((l) => l.name)).toEqual([name]);

  await context.close();
});
