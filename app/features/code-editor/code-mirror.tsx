// CodeMirror 6, loaded only by the Code Editor (a lazy import): a public page never downloads it.
// One view per open file; the settings (theme, font, size, tab size, wrapping) are one compartment,
// reconfigured in place so the undo history survives a change of theme.
import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { bracketMatching, defaultHighlightStyle, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { type EditorSettings, fontStack } from '@shared/code-editor-constants';

const monokai: Extension = [
  EditorView.theme(
    {
      '&': { backgroundColor: '#272822', color: '#f8f8f2' },
      '.cm-content': { caretColor: '#f8f8f0' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#f8f8f0' },
      '.cm-gutters': { backgroundColor: '#272822', color: '#90908a', border: 'none' },
      '.cm-activeLine': { backgroundColor: '#3e3d3255' },
      '.cm-activeLineGutter': { backgroundColor: '#3e3d32' },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: '#49483e' },
    },
    { dark: true },
  ),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [t.keyword, t.operator, t.tagName, t.definitionKeyword], color: '#f92672' },
      { tag: [t.string, t.special(t.string)], color: '#e6db74' },
      { tag: [t.number, t.bool, t.atom, t.unit, t.color, t.constant(t.name)], color: '#ae81ff' },
      { tag: [t.comment, t.lineComment, t.blockComment], color: '#75715e', fontStyle: 'italic' },
      { tag: [t.propertyName, t.attributeName, t.function(t.variableName), t.className, t.heading], color: '#a6e22e' },
      { tag: [t.variableName, t.labelName], color: '#f8f8f2' },
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
  const theme = settings.theme === 'dark' ? oneDark : settings.theme === 'monokai' ? monokai : syntaxHighlighting(defaultHighlightStyle);
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
          EditorView.contentAttributes.of({ 'aria-label': `Contents of ${path}` }),
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
