import { useEffect, useRef } from 'react';
import Quill, { type Op } from 'quill';
import 'quill/dist/quill.snow.css';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import type { TodoText } from '../api/todo-updates.ts';
import classes from './quill-editor.module.css';

/** Spec section 2: formatting, lists, links, video, headers, colours, alignment. */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'video'],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ['clean'],
];

export interface EditorChange {
  text: TodoText;
  /** No text and no video: nothing to save. */
  isEmpty: boolean;
}

interface QuillEditorProps {
  /** What the editor opens with; read once, when it mounts. */
  initialDelta: unknown;
  initialHtml: string;
  onChange: (change: EditorChange) => void;
  /** Called once with the opening state, so a caller can tell an untouched todo from an empty one. */
  onReady?: (change: EditorChange) => void;
  invalid?: boolean;
  /** Puts the caret in the text once the editor is ready. */
  autoFocus?: boolean;
  /** The id of the text that describes the field (its error), for assistive tech. */
  describedBy?: string;
  /** The text box's name and placeholder when it is not a todo's text (the community description). */
  ariaLabel?: string;
  placeholder?: string;
}

function isOp(value: unknown): value is Op {
  return typeof value === 'object' && value !== null && ('insert' in value || 'retain' in value || 'delete' in value);
}

/** The operations of a stored delta, or null when it is not one (an old or empty todo). */
function deltaOps(value: unknown): Op[] | null {
  if (typeof value !== 'object' || value === null || !('ops' in value)) return null;
  const ops: unknown = value.ops;
  return Array.isArray(ops) && ops.every(isOp) && ops.length > 0 ? ops : null;
}

function read(quill: Quill): EditorChange {
  const { ops } = quill.getContents();
  const hasEmbed = ops.some((op) => typeof op.insert === 'object');
  // The editor's own HTML keeps embedded videos (getSemanticHTML turns them into links).
  return { text: { html: quill.root.innerHTML, delta: { ops } }, isEmpty: quill.getText().trim() === '' && !hasEmbed };
}

function label(element: Element | null, text: string): void {
  if (!element) return;
  element.setAttribute('aria-label', text);
  element.setAttribute('title', text);
}

/**
 * Quill writes its controls in English, or with no name at all; this names each one in the
 * interface language (buttons, pickers and their choices, the link and video box).
 */
function translateControls(wrapper: HTMLElement, editor: HTMLElement, t: TFunction): void {
  const toolbar = wrapper.querySelector('.ql-toolbar');
  if (toolbar) {
    toolbar.setAttribute('aria-label', t('todos.editor.toolbar.label'));
    const buttons: [string, string][] = [
      ['button.ql-bold', 'bold'],
      ['button.ql-italic', 'italic'],
      ['button.ql-underline', 'underline'],
      ['button.ql-strike', 'strike'],
      ['button.ql-list[value="ordered"]', 'orderedList'],
      ['button.ql-list[value="bullet"]', 'bulletList'],
      ['button.ql-link', 'link'],
      ['button.ql-video', 'video'],
      ['button.ql-clean', 'clean'],
      ['.ql-header .ql-picker-label', 'heading'],
      ['.ql-color .ql-picker-label', 'color'],
      ['.ql-background .ql-picker-label', 'background'],
      ['.ql-align .ql-picker-label', 'align'],
    ];
    for (const [selector, key] of buttons) label(toolbar.querySelector(selector), t(`todos.editor.toolbar.${key}`));
    // Escape in an open picker closes the picker, not the whole editor (see Mantine's use-modal).
    for (const item of toolbar.querySelectorAll('.ql-picker-item')) item.setAttribute('data-mantine-stop-propagation', 'true');
    for (const item of toolbar.querySelectorAll('.ql-header .ql-picker-item')) {
      const level = item.getAttribute('data-value');
      const text = level ? t('todos.editor.toolbar.headingLevel', { level }) : t('todos.editor.toolbar.normal');
      label(item, text);
      // The snow theme writes the picker's text from data-label when it is set.
      item.setAttribute('data-label', text);
    }
    const headerLabel = toolbar.querySelector('.ql-header .ql-picker-label');
    const selectedHeader = toolbar.querySelector('.ql-header .ql-picker-item.ql-selected') ?? toolbar.querySelector('.ql-header .ql-picker-item:not([data-value])');
    headerLabel?.setAttribute('data-label', selectedHeader?.getAttribute('data-label') ?? '');
    for (const item of toolbar.querySelectorAll('.ql-align .ql-picker-item')) {
      label(item, t(`todos.editor.toolbar.alignments.${item.getAttribute('data-value') ?? 'left'}`));
    }
    for (const picker of ['color', 'background'] as const) {
      for (const item of toolbar.querySelectorAll(`.ql-${picker} .ql-picker-item`)) {
        label(item, t(`todos.editor.toolbar.${picker}Value`, { value: item.getAttribute('data-value') ?? '' }));
      }
    }
  }
  const tooltip = wrapper.querySelector('.ql-tooltip');
  if (tooltip) {
    tooltip.setAttribute('data-visit', t('todos.editor.tooltip.visit'));
    tooltip.setAttribute('data-enter-link', t('todos.editor.tooltip.enterLink'));
    tooltip.setAttribute('data-enter-video', t('todos.editor.tooltip.enterVideo'));
    const input = tooltip.querySelector('input[type="text"]');
    input?.setAttribute('aria-label', t('todos.editor.tooltip.address'));
    input?.setAttribute('data-mantine-stop-propagation', 'true');
    input?.setAttribute('data-video', t('todos.editor.tooltip.videoPlaceholder'));
    input?.setAttribute('data-link', 'https://');
    const action = tooltip.querySelector('a.ql-action');
    action?.setAttribute('data-edit', t('todos.editor.tooltip.edit'));
    action?.setAttribute('data-save', t('todos.editor.tooltip.save'));
    tooltip.querySelector('a.ql-remove')?.setAttribute('data-remove', t('todos.editor.tooltip.remove'));
  }
  editor.setAttribute('aria-label', t('todos.editor.text'));
  editor.setAttribute('data-placeholder', t('todos.editor.placeholder'));
}

/**
 * The todo text editor (Quill 2, snow theme). Quill owns its DOM: it is built inside a node React
 * never renders into, and torn down with it. Loaded on demand, so its code and styles reach only
 * the teachers who open the editor.
 */
export function QuillEditor({ initialDelta, initialHtml, onChange, onReady, invalid = false, autoFocus = false, describedBy, ariaLabel, placeholder }: QuillEditorProps) {
  const { t } = useTranslation();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const initial = useRef({ delta: initialDelta, html: initialHtml, autoFocus });
  const callbacks = useRef({ onChange, onReady });

  useEffect(() => {
    callbacks.current = { onChange, onReady };
  });

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return undefined;
    const host = document.createElement('div');
    wrapper.appendChild(host);
    const quill = new Quill(host, {
      theme: 'snow',
      bounds: wrapper,
      modules: {
        toolbar: TOOLBAR,
        // Tab moves on to the next field instead of typing a tab: the editor is no keyboard trap.
        keyboard: { bindings: { tab: { key: 'Tab', handler: () => true } } },
      },
    });
    const ops = deltaOps(initial.current.delta);
    if (ops) quill.setContents(ops, 'silent');
    // Lists made before deltas were kept: Quill reads the (already sanitized) HTML into its own formats.
    else if (initial.current.html !== '') quill.clipboard.dangerouslyPasteHTML(initial.current.html, 'silent');
    quill.history.clear();
    const editor = quill.root;
    editor.setAttribute('role', 'textbox');
    editor.setAttribute('aria-multiline', 'true');
    quillRef.current = quill;
    callbacks.current.onReady?.(read(quill));
    if (initial.current.autoFocus) quill.focus({ preventScroll: true });
    const handleChange = () => callbacks.current.onChange(read(quill));
    quill.on('text-change', handleChange);
    return () => {
      quill.off('text-change', handleChange);
      quillRef.current = null;
      wrapper.replaceChildren();
    };
  }, []);

  useEffect(() => {
    const wrapper = wrapperRef.current;
    const quill = quillRef.current;
    if (wrapper && quill) translateControls(wrapper, quill.root, t);
    if (quill && ariaLabel) quill.root.setAttribute('aria-label', ariaLabel);
    if (quill && placeholder) quill.root.setAttribute('data-placeholder', placeholder);
  }, [t, ariaLabel, placeholder]);

  useEffect(() => {
    const editor = quillRef.current?.root;
    if (!editor) return;
    if (invalid) editor.setAttribute('aria-invalid', 'true');
    else editor.removeAttribute('aria-invalid');
    if (describedBy) editor.setAttribute('aria-describedby', describedBy);
    else editor.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);

  return <div ref={wrapperRef} className={classes.editor} data-invalid={invalid || undefined} data-testid="todo-editor" />;
}
