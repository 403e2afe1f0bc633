// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bannerText, coinsValue, type BannerValues } from './banner-text.ts';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import { translate, setAllMessages } from './i18n.ts';

setAllMessages('en', en);
setAllMessages('fi', fi);

async function textIn(language: 'en' | 'fi', banner: { messageKey: string; values?: BannerValues }): Promise<string> {
  return Promise.resolve(bannerText(banner, (key, options) => translate(language, key, options), language));
}

describe('bannerText', () => {
  it('translates an amount of coins again when the language changes while it shows', async () => {
    const banner = { messageKey: 'studentTodos.earned', values: { coins: coinsValue(7) } };
    expect(await textIn('en', banner)).toBe('Great job! You earned 7 coins.');
    expect(await textIn('fi', banner)).toBe('Hienoa työtä! Ansaitsit 7 kolikkoa.');
    expect(await textIn('en', banner)).toBe('Great job! You earned 7 coins.');
  });

  it('names a small group and a character part in the language being shown', async () => {
    const shared = { messageKey: 'todos.share.done', values: { name: 'Maths', color: { key: 'groups.smallGroups.blue' }, group: '5B' } };
    expect(await textIn('en', shared)).toBe('“Maths” is now shared to the Blue group of 5B.');
    expect(await textIn('fi', shared)).toBe('”Maths” on nyt jaettu ryhmän 5B pienryhmälle: Sininen.');

    const unlocked = { messageKey: 'character.unlocked', values: { name: { localized: { en: 'Wink', fi: 'Silmänisku' } }, coins: coinsValue(1) } };
    // Buying a part puts it on (issue 14).
    expect(await textIn('en', unlocked)).toBe('Wink is yours for 1 coin, and you are wearing it now.');
    expect(await textIn('fi', unlocked)).toBe('Silmänisku on nyt sinun (1 kolikko), ja se on heti käytössäsi.');
  });

  it('keeps plain values as they were given', async () => {
    expect(await textIn('fi', { messageKey: 'todos.items.deleted', values: { position: 3 } })).toBe('Tehtävä 3 poistettu.');
  });
});
