import sanitizeHtml from 'sanitize-html';

/** Video hosts a todo may embed (DESIGN.md section 7), https only. */
const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com', 'player.vimeo.com'];

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];

const options: sanitizeHtml.IOptions = {
  // Quill's formats: text, headers, lists, quotes, code, links, colours, alignment, video.
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ol', 'ul', 'li', 'h1', 'h2', 'h3', 'blockquote', 'a', 'span', 'pre', 'code', 'iframe'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    iframe: ['src', 'class', 'frameborder', 'allowfullscreen', 'width', 'height'],
    li: ['data-list', 'class', 'style'],
    pre: ['data-language', 'class', 'spellcheck'],
    '*': ['class', 'style'],
  },
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  // An iframe whose source was refused (another host, not https) goes whole, not as an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

/**
 * Sanitizes a todo's HTML (spec section 5): Quill's formatting survives; scripts, objects,
 * embeds, event handlers, `javascript:` links and iframes from anywhere but YouTube and Vimeo
 * do not; every link opens in a new tab without giving the opened page a handle on ours.
 */
export function sanitizeTodoHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** Text put into HTML (e-mails, the demo's sample todos): the five characters HTML gives a meaning. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
