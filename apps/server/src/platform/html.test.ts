import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeTodoHtml } from './html.ts';

describe('sanitizeTodoHtml', () => {
  it.each([
    ['<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<p onclick="alert(1)" onmouseover="alert(2)">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<iframe src="https://evil.example/embed"></iframe>', ''],
    ['<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>', ''],
    ['<iframe src="http://www.youtube.com/embed/x"></iframe>', ''],
    ['<iframe src="javascript:alert(1)"></iframe>', ''],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<p style="width: expression(alert(1)); color: red">x</p>', '<p style="color:red">x</p>'],
    ['<p style="color: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<p style="background-image: url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['<form action="https://evil.example"><input name="pw"></form>', ''],
    ['<p class="ql-align-center evil">x</p>', '<p class="ql-align-center">x</p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeTodoHtml(input)).toBe(expected);
  });

  it('keeps Quill formatting, YouTube, youtube-nocookie and Vimeo, and opens links in a new tab', () => {
    const quill = [
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3>',
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><span style="color: rgb(230, 0, 0); background-color: #ffff00">c</span></p>',
      '<ol><li data-list="bullet" class="ql-indent-1">one</li></ol><ul><li>two</li></ul>',
      '<blockquote>q</blockquote><pre data-language="plain">code</pre><p class="ql-align-right" style="text-align: right">r</p>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc"></iframe>',
      '<iframe class="ql-video" src="https://www.youtube-nocookie.com/embed/abc"></iframe>',
      '<iframe class="ql-video" src="https://player.vimeo.com/video/123"></iframe>',
    ].join('');
    const out = sanitizeTodoHtml(quill);
    for (const kept of ['<h1>Title</h1>', '<strong>b</strong>', '<s>s</s>', 'color:rgb(230, 0, 0)', 'background-color:#ffff00', 'data-list="bullet"', 'class="ql-indent-1"', '<blockquote>q</blockquote>', 'text-align:right']) {
      expect(out).toContain(kept);
    }
    expect(out.match(/<iframe /g)).toHaveLength(3);
    expect(out).toContain('src="https://www.youtube.com/embed/abc"');
    expect(out).toContain('src="https://player.vimeo.com/video/123"');
    expect(sanitizeTodoHtml('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('escapeHtml', () => {
  it("turns each of HTML's five special characters into its entity and leaves the rest", () => {
    expect(escapeHtml(`Tom & "Jerry" <b>'s</b> 7 × 8 – ok`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt; 7 × 8 – ok');
  });
});
