import { describe, expect, it } from 'vitest';
import { DEFAULT_SQL } from '@shared/database-constants';
import { tokenizeSql } from './sql-highlight';

const kinds = (text: string) => tokenizeSql(text).filter((t) => t.kind !== 'text' && t.kind !== 'operator');

describe('the SQL editor’s highlighting', () => {
  it.each([
    DEFAULT_SQL,
    "select 'it''s', E'a\\'b', $$ body ' \" $$, $fn$ x $fn$ from \"odd \"\"name\"\"\" -- the end",
    'select /* outer /* inner */ still */ 1.5e3, .5, 0x1F, $1',
    "select 'never closed",
    'select $tag$ never closed',
    '/* never closed',
    'select café, naïve_col from t; ✓',
    '',
  ])('keeps every character, in order: %s', (text) => {
    expect(
      tokenizeSql(text)
        .map((t) => t.text)
        .join(''),
    ).toBe(text);
  });

  it('colours keywords in any case, but not a name that spells one after a dot', () => {
    expect(kinds('SELECT u.order, "select" FROM users u Where x')).toEqual([
      { kind: 'keyword', text: 'SELECT' },
      { kind: 'identifier', text: '"select"' },
      { kind: 'keyword', text: 'FROM' },
      { kind: 'keyword', text: 'Where' },
    ]);
  });

  it('reads strings, dollar quotes, comments, numbers and parameters as one token each', () => {
    expect(kinds("select 'a -- not a comment', $q$ 'x' $q$, 42 -- note\n/* a /* b */ c */ $2")).toEqual([
      { kind: 'keyword', text: 'select' },
      { kind: 'string', text: "'a -- not a comment'" },
      { kind: 'string', text: "$q$ 'x' $q$" },
      { kind: 'number', text: '42' },
      { kind: 'comment', text: '-- note' },
      { kind: 'comment', text: '/* a /* b */ c */' },
      { kind: 'parameter', text: '$2' },
    ]);
  });
});
