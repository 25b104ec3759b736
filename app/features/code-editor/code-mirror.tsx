// CodeMirror 6, loaded only by the Code Editor (a lazy import): a public page never downloads it.
// One view per open file; the settings (theme, font, size, tab size, wrapping) are one compartment,
// reconfigured in place so the undo history survives a change of theme.
import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { bracketMatching, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension, Prec } from '@codemirror/state';
import { oneDarkTheme } from '@codemirror/theme-one-dark';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { type EditorSettings, fontStack } from '@shared/code-editor-constants';

// Both dark themes keep every colour at 4.5:1 or more against their backgrounds (WCAG AA): One
// Dark's and Monokai's own comments, gutters and some keywords fall short.
const dark: Extension = [
  oneDarkTheme,
  Prec.highest(EditorView.theme({ '.cm-gutters': { color: '#9aa3b2' }, '.cm-activeLineGutter': { color: '#d7dae0' } }, { dark: true })),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [t.keyword, t.operator, t.definitionKeyword, t.modifier], color: '#d19af0' },
      { tag: [t.string, t.special(t.string)], color: '#98c379' },
      { tag: [t.number, t.bool, t.atom, t.unit, t.color, t.constant(t.name)], color: '#d19a66' },
      { tag: [t.comment, t.lineComment, t.blockComment], color: '#9aa3b2', fontStyle: 'italic' },
      { tag: [t.propertyName, t.tagName, t.heading], color: '#f0959c' },
      { tag: [t.attributeName, t.className, t.typeName], color: '#e5c07b' },
      { tag: [t.function(t.variableName), t.labelName], color: '#61afef' },
      { tag: [t.link, t.url], color: '#56b6c2' },
      { tag: [t.variableName, t.name, t.punctuation, t.bracket], color: '#abb2bf' },
      { tag: t.heading, fontWeight: 'bold' },
    ]),
  ),
];

// The light theme: CodeMirror's default colours, darker where they fall short on the active line.
const light: Extension = syntaxHighlighting(
  HighlightStyle.define([
    { tag: t.meta, color: '#404740' },
    { tag: t.link, textDecoration: 'underline' },
    { tag: t.heading, textDecoration: 'underline', fontWeight: 'bold' },
    { tag: t.emphasis, fontStyle: 'italic' },
    { tag: t.strong, fontWeight: 'bold' },
    { tag: t.keyword, color: '#770088' },
    { tag: [t.atom, t.bool, t.url, t.contentSeparator, t.labelName], color: '#221199' },
    { tag: [t.literal, t.inserted], color: '#116644' },
    { tag: [t.string, t.deleted], color: '#aa1111' },
    { tag: [t.regexp, t.escape, t.special(t.string)], color: '#994400' },
    { tag: t.definition(t.variableName), color: '#0000ff' },
    { tag: t.local(t.variableName), color: '#3300aa' },
    { tag: [t.typeName, t.namespace, t.tagName], color: '#006644' },
    { tag: t.className, color: '#116644' },
    { tag: [t.special(t.variableName), t.macroName], color: '#225566' },
    { tag: t.definition(t.propertyName), color: '#0000cc' },
    { tag: t.attributeName, color: '#0000cc' },
    { tag: t.comment, color: '#994400' },
    { tag: t.invalid, color: '#cc0000' },
  ]),
);

const monokai: Extension = [
  EditorView.theme(
    {
      '&': { backgroundColor: '#272822', color: '#f8f8f2' },
      '.cm-content': { caretColor: '#f8f8f0' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#f8f8f0' },
      '.cm-gutters': { backgroundColor: '#272822', color: '#a8a89f', border: 'none' },
      '.cm-activeLine': { backgroundColor: '#2f302a' },
      '.cm-activeLineGutter': { backgroundColor: '#2f302a', color: '#f8f8f2' },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: '#49483e' },
    },
    { dark: true },
  ),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [t.keyword, t.operator, t.tagName, t.definitionKeyword], color: '#fd6b99' },
      { tag: [t.string, t.special(t.string)], color: '#e6db74' },
      { tag: [t.number, t.bool, t.atom, t.unit, t.color, t.constant(t.name)], color: '#c2a3ff' },
      { tag: [t.comment, t.lineComment, t.blockComment], color: '#a8a38a', fontStyle: 'italic' },
      { tag: [t.propertyName, t.attributeName, t.function(t.variableName), t.className, t.heading], color: '#a6e22e' },
      { tag: [t.variableName, t.labelName, t.punctuation, t.bracket], color: '#f8f8f2' },
      { tag: [t.typeName, t.link, t.url], color: '#66d9ef' },
    ]),
  ),
];

function language(path: string): Extension {
  if (path.endsWith('.css')) return css();
  if (path.endsWith('.html')) return html();
  if (path.endsWith('.json')) return json();
  if (path.endsWith('.md')) return markdown();
  return [];
}

function configured(settings: EditorSettings, path: string): Extension {
  const theme = settings.theme === 'dark' ? dark : settings.theme === 'monokai' ? monokai : light;
  const size = settings.tabSize === 'tab' ? 4 : Number(settings.tabSize);
  return [
    theme,
    language(path),
    EditorState.tabSize.of(size),
    indentUnit.of(settings.tabSize === 'tab' ? '\t' : ' '.repeat(size)),
    settings.lineWrapping ? EditorView.lineWrapping : [],
    EditorView.theme({
      '&': { fontSize: `${settings.fontSize}px`, height: '100%' },
      '.cm-scroller': { fontFamily: fontStack(settings.fontFamily) },
    }),
  ];
}

export default function CodeMirrorEditor({
  path,
  value,
  settings,
  onChange,
}: {
  path: string;
  value: string;
  settings: EditorSettings;
  onChange: (text: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const config = useRef(new Compartment());
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const v = new EditorView({
      parent,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightSelectionMatches(),
          keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
          // The label names the file; tabindex makes the scrolling region's content reachable by keyboard (axe).
          EditorView.contentAttributes.of({ 'aria-label': `Contents of ${path}`, tabindex: '0' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
          config.current.of(configured(settings, path)),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // One view per file (the parent keys this component by path); settings are reconfigured below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: config.current.reconfigure(configured(settings, path)) });
  }, [settings, path]);

  return <div ref={host} className="h-full min-h-[24rem] overflow-hidden" data-testid="code-mirror" />;
}
