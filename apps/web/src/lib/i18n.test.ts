// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import sv from '../locales/sv.json';
import { browserLanguage, translate, setAllMessages } from './i18n.ts';

setAllMessages('en', en);
setAllMessages('fi', fi);
setAllMessages('sv', sv);

describe('translate', () => {
  it('picks the plural form of the language for a count', () => {
    expect(translate('en', 'owedRewards.header', { count: 1, coinsText: '5 coins' })).toBe('1 reward (5 coins) waiting');
    expect(translate('en', 'owedRewards.header', { count: 2, coinsText: '5 coins' })).toBe('2 rewards (5 coins) waiting');
    expect(translate('en', 'owedRewards.header', { count: 0, coinsText: '0 coins' })).toBe('0 rewards (0 coins) waiting');
  });

  it('picks Swedish plurals by Swedish rules (one and other, as English)', () => {
    expect(translate('sv', 'common.coinsAmount', { count: 1 })).toBe('1 mynt');
    expect(translate('sv', 'common.coinsAmount', { count: 0 })).toBe('0 mynt');
    expect(translate('sv', 'owedRewards.header', { count: 1, coinsText: '5 mynt' })).toBe('1 belöning (5 mynt) väntar');
    expect(translate('sv', 'owedRewards.header', { count: 3, coinsText: '5 mynt' })).toBe('3 belöningar (5 mynt) väntar');
  });

  it('fills in values and leaves nothing for a value not given', () => {
    expect(translate('en', 'studentTodos.earned', { coins: '7 coins' })).toBe('Great job! You earned 7 coins.');
    expect(translate('en', 'studentTodos.earned')).toBe('Great job! You earned .');
  });

  it('writes a number value as the language writes numbers', () => {
    expect(translate('sv', 'common.coinsAmount', { count: 7200 })).toBe('7\u00a0200 mynt');
    expect(translate('fi', 'contact.hints.message', { max: 5000 })).toBe('Enintään 5\u00a0000 merkkiä.');
    expect(translate('en', 'common.coinsAmount', { count: 7200 })).toBe('7,200 coins');
    expect(translate('sv', 'common.coinsAmount', { count: 12 })).toBe('12 mynt');
  });

  it('answers the key itself for a key that does not exist', () => {
    expect(translate('fi', 'no.such.key')).toBe('no.such.key');
    expect(translate('fi', 'studentTodos')).toBe('studentTodos');
  });
});

describe('browserLanguage', () => {
  it('reads Finnish or Swedish from the first of the browser languages that is one of them, else English', () => {
    for (const tag of ['sv', 'sv-FI', 'sv-SE', 'SV-fi']) expect(browserLanguage([tag])).toBe('sv');
    for (const tag of ['fi', 'fi-FI']) expect(browserLanguage([tag])).toBe('fi');
    expect(browserLanguage(['de-DE', 'sv-SE', 'fi'])).toBe('sv');
    expect(browserLanguage(['en-US', 'fi-FI'])).toBe('fi');
    expect(browserLanguage(['en-GB', 'de'])).toBe('en');
    expect(browserLanguage(['se', 'svk'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('error message keys', () => {
  it('name the code’s text when the texts have it, the generic server error otherwise', async () => {
    const { errorMessageKey } = await import('./error-message.ts');
    expect(errorMessageKey('USER.USERNAME_TAKEN')).toBe('errors.USER.USERNAME_TAKEN');
    expect(errorMessageKey('NO.SUCH_CODE')).toBe('errors.SERVER.ERROR');
    // A section, or what an object inherits, is not a text.
    expect(errorMessageKey('USER')).toBe('errors.SERVER.ERROR');
    expect(errorMessageKey('constructor.name')).toBe('errors.SERVER.ERROR');
    expect(errorMessageKey('__proto__.toString')).toBe('errors.SERVER.ERROR');
  });
});
