// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import { translate, setAllMessages } from './i18n.ts';

setAllMessages('en', en);
setAllMessages('fi', fi);

describe('translate', () => {
  it('picks the plural form of the language for a count', () => {
    expect(translate('en', 'owedRewards.header', { count: 1, coinsText: '5 coins' })).toBe('1 reward (5 coins) waiting');
    expect(translate('en', 'owedRewards.header', { count: 2, coinsText: '5 coins' })).toBe('2 rewards (5 coins) waiting');
    expect(translate('en', 'owedRewards.header', { count: 0, coinsText: '0 coins' })).toBe('0 rewards (0 coins) waiting');
  });

  it('fills in values and leaves nothing for a value not given', () => {
    expect(translate('en', 'studentTodos.earned', { coins: '7 coins' })).toBe('Great job! You earned 7 coins.');
    expect(translate('en', 'studentTodos.earned')).toBe('Great job! You earned .');
  });

  it('answers the key itself for a key that does not exist', () => {
    expect(translate('fi', 'no.such.key')).toBe('no.such.key');
    expect(translate('fi', 'studentTodos')).toBe('studentTodos');
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
