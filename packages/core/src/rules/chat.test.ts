import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanChatMessage } from './chat.ts';

describe('cleanChatMessage', () => {
  it('keeps text, markup and line breaks as given, trimmed', () => {
    expect(cleanChatMessage('  <b>hi</b> & <script>alert(1)</script>\r\nbye\t!  ')).toBe('<b>hi</b> & <script>alert(1)</script>\nbye\t!');
    expect(cleanChatMessage('a\rb')).toBe('a\nb');
  });

  it('drops control characters, so a message of only them is blank', () => {
    expect(cleanChatMessage('a\u0000b\u0007c\u001bd\u007fe\u0085f')).toBe('abcdef');
    expect(cleanChatMessage('\u0000 \u0008\n\u001f')).toBe('');
  });

  it('never leaves a control character but newline and tab, never grows, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        const clean = cleanChatMessage(raw);
        expect(clean.length).toBeLessThanOrEqual(raw.length);
        // eslint-disable-next-line no-control-regex -- looking for control characters
        expect(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/.test(clean)).toBe(false);
        expect(cleanChatMessage(clean)).toBe(clean);
      }),
    );
  });
});
