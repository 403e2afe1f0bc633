import { expect, test, type Locator, type Page } from '@playwright/test';
import { createTeacher, uniqueName } from '../support/api.ts';
import { makePremium } from '../support/premium.ts';
import { signedInPage } from '../support/session.ts';
import { text } from '../support/locales.ts';

const PRICE = 7;

async function pick(dialog: Locator, page: Page, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function coinsOf(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/checkStatus')).json()) as { coins: number }).coins;
}

test('community: a premium teacher publishes a paid list, another teacher finds, previews and buys it, a visitor sees it', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const publisher = await createTeacher(request);
  await makePremium(publisher.username);
  const buyer = await createTeacher(request);

  const { context: pubContext, page: pub } = await signedInPage(browser, 'teacher', publisher);
  const me = (await (await pub.request.get('/api/checkStatus')).json()) as { id: string; isPremiumUser: boolean };
  expect(me.isPremiumUser).toBe(true);
  const listName = uniqueName('Fractions');
  const list = (await (await pub.request.post('/api/todolists', { data: { id: me.id, name: listName } })).json()) as { id: string };
  for (let n = 1; n <= 5; n += 1) {
    const made = await pub.request.post('/api/todo', {
      data: { todolist_id: list.id, content_html: `<p>Step number ${n}</p>`, content_delta: { ops: [{ insert: `Step number ${n}\n` }] }, reward: 1 },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  const publisherCoins = await coinsOf(pub);

  // The publisher shares the list through the form in the list settings.
  await pub.goto(`/teacher/todos/${list.id}`);
  await pub.getByRole('button', { name: `Settings for ${listName}` }).click();
  const settings = pub.getByRole('dialog', { name: `List settings: ${listName}` });
  await settings.getByRole('button', { name: 'Share to the community' }).click();
  const form = pub.getByRole('dialog', { name: 'Share to the community' });
  const title = uniqueName('Fraction fun');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  // Every field is needed: the client says so before the server would.
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form.getByTestId('community-form-error')).toHaveText('Please fill in all fields.');
  await form.getByRole('textbox', { name: 'Description' }).click();
  await pub.keyboard.type('Five short steps about fractions.');
  await form.getByRole('textbox', { name: 'Price in coins' }).fill(String(PRICE));
  await pick(form, pub, 'Categories', 'Mathematics');
  await pick(form, pub, 'Target groups', 'Grade 5');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(pub.getByTestId('notification-banner')).toContainText('Shared to the community.');
  await expect(form).toBeHidden();
  await expect(settings.getByTestId('community-share-section')).toContainText('Published to the community');
  await expect(settings.getByRole('button', { name: 'Stop publishing' })).toBeVisible();

  // The buyer finds it with a filter and the search, and sees the preview of a paid list.
  const { context: buyContext, page: buy } = await signedInPage(browser, 'teacher', buyer);
  const buyerCoins = await coinsOf(buy);
  await buy.goto('/teacher/community');
  const filters = buy.getByRole('region', { name: 'Search and filters' });
  await filters.getByRole('combobox', { name: 'Category' }).click();
  await buy.getByRole('option', { name: 'Mathematics', exact: true }).click();
  await filters.getByRole('searchbox', { name: 'Search' }).fill(title);
  const card = buy.getByTestId('community-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(buy.getByTestId('community-card')).toHaveCount(1);
  await expect(card).toContainText(`Published by ${publisher.username}`);
  await expect(card.getByTestId('community-price')).toHaveText(`${PRICE} coins`);
  await card.getByRole('button', { name: `Details of ${title}` }).click();
  const detail = buy.getByRole('dialog', { name: title });
  await expect(detail.getByTestId('community-preview').locator('li')).toHaveCount(3);
  await expect(detail.getByTestId('community-more')).toHaveText('…and 2 more todos');
  await expect(detail).toContainText('Five short steps about fractions.');

  // Buying needs the ticked confirmation.
  await detail.getByRole('button', { name: 'Buy' }).click();
  const confirm = detail.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await detail.getByRole('checkbox').check();
  // Meanwhile the publisher raises the price (issue 35): the buyer is told, shown the new price,
  // and charged nothing until it confirms again.
  const raised = PRICE + 5;
  expect((await pub.request.put(`/api/community/todolist/${list.id}`, { data: { updates: { price: raised } } })).status()).toBe(200);
  await confirm.click();
  await expect(detail.getByTestId('community-buy-error')).toHaveText(text('en', 'errors.COMMUNITY.PRICE_CHANGED'));
  await expect(detail.getByTestId('community-buy-confirm')).toContainText(`${raised} coins`);
  await expect(detail.getByRole('checkbox')).not.toBeChecked();
  await expect(confirm).toBeDisabled();
  expect(await coinsOf(buy)).toBe(buyerCoins);
  await detail.getByRole('checkbox').check();
  await confirm.click();
  await expect(detail.getByTestId('community-bought')).toContainText('The list is yours');
  expect(await coinsOf(buy)).toBe(buyerCoins - raised);
  await detail.getByRole('link', { name: 'Open the list' }).click();
  await expect(buy).toHaveURL(/\/teacher\/todos\/[\w-]+$/);
  await expect(buy.getByTestId('todo-items').locator('[data-testid^="todo-"][data-testid$="5"]')).toHaveCount(1);
  for (let n = 1; n <= 5; n += 1) await expect(buy.getByTestId(`todo-${n}`)).toContainText(`Step number ${n}`);

  // The publisher's purse rose by the price, in the header after a reload too.
  expect(await coinsOf(pub)).toBe(publisherCoins + raised);

  // A visitor sees the item on the public page and is asked to sign in to buy.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/community');
  await visitor.getByRole('searchbox', { name: 'Search' }).fill(title);
  const publicCard = visitor.getByTestId('community-card').filter({ hasText: title });
  await expect(publicCard).toHaveCount(1);
  await publicCard.getByRole('button', { name: `Details of ${title}` }).click();
  const publicDetail = visitor.getByRole('dialog', { name: title });
  await expect(publicDetail.getByTestId('community-more')).toHaveText('…and 2 more todos');
  await expect(publicDetail.getByRole('link', { name: 'Log in as a teacher' })).toBeVisible();
  await expect(publicDetail.getByRole('button', { name: 'Buy' })).toHaveCount(0);

  await Promise.all([pubContext.close(), buyContext.close(), visitorContext.close()]);
});
