// The SQL editor's highlighting: a small tokenizer (keywords, strings, dollar-quoted bodies,
// numbers, comments, quoted identifiers, parameters). It only colours what is typed — the server's
// parser (libpg-query) decides what the text is — so a token it reads differently costs a colour,
// never safety. Every character of the input is in exactly one token, in order.

export type TokenKind = 'keyword' | 'string' | 'number' | 'comment' | 'identifier' | 'parameter' | 'operator' | 'text';

export interface Token {
  kind: TokenKind;
  text: string;
}

/** Reserved and common words of PostgreSQL's grammar, the ones worth a colour. */
const KEYWORDS = new Set(
  `select from where and or not in is null like ilike between exists as on join inner left right full outer cross natural using
  group by order having limit offset fetch first next rows row only distinct all any some union intersect except
  insert into values update set delete returning merge matched when then else end case cast
  with recursive lateral window over partition filter within
  create alter drop truncate table view index sequence schema function trigger grant revoke
  begin commit rollback savepoint transaction explain analyze verbose show copy do listen notify reset role
  asc desc nulls true false default primary key foreign references constraint unique check collate
  interval date time timestamp zone at array current_date current_timestamp current_user`
    .split(/\s+/)
    .filter(Boolean),
);

const OPERATORS = '+-*/<>=~!@#%^&|`?,;.()[]:';

function isWordStart(c: string): boolean {
  return /[\p{L}_]/u.test(c);
}
function isWordPart(c: string): boolean {
  return /[\p{L}\p{N}_$]/u.test(c);
}

/** The text as tokens, in order; joined again they are the text. */
export function tokenizeSql(text: string): Token[] {
  const out: Token[] = [];
  const push = (kind: TokenKind, s: string) => {
    const last = out.at(-1);
    if (last && last.kind === kind && (kind === 'text' || kind === 'operator')) last.text += s;
    else out.push({ kind, text: s });
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      push('comment', text.slice(i, stop));
      i = stop;
    } else if (text.startsWith('/*', i)) {
      // PostgreSQL nests block comments.
      let depth = 0;
      let j = i;
      while (j < n) {
        if (text.startsWith('/*', j)) {
          depth += 1;
          j += 2;
        } else if (text.startsWith('*/', j)) {
          depth -= 1;
          j += 2;
          if (depth === 0) break;
        } else j += 1;
      }
      push('comment', text.slice(i, j));
      i = j;
    } else if (c === "'" || ((c === 'E' || c === 'e') && text[i + 1] === "'")) {
      const escapes = c !== "'";
      let j = i + (escapes ? 2 : 1);
      while (j < n) {
        if (escapes && text[j] === '\\') j += 2;
        else if (text[j] === "'" && text[j + 1] === "'") j += 2;
        else if (text[j] === "'") {
          j += 1;
          break;
        } else j += 1;
      }
      push('string', text.slice(i, Math.min(j, n)));
      i = Math.min(j, n);
    } else if (c === '"') {
      let j = i + 1;
      while (j < n) {
        if (text[j] === '"' && text[j + 1] === '"') j += 2;
        else if (text[j] === '"') {
          j += 1;
          break;
        } else j += 1;
      }
      push('identifier', text.slice(i, Math.min(j, n)));
      i = Math.min(j, n);
    } else if (c === '$') {
      const tag = /^\$([\p{L}_][\p{L}\p{N}_]*)?\$/u.exec(text.slice(i, i + 64));
      const param = /^\$\d+/.exec(text.slice(i, i + 12));
      if (tag) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        const stop = close < 0 ? n : close + tag[0].length;
        push('string', text.slice(i, stop));
        i = stop;
      } else if (param) {
        push('parameter', param[0]);
        i += param[0].length;
      } else {
        push('operator', c);
        i += 1;
      }
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^(?:0[xX][0-9a-fA-F_]+|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9_]+(?:[eE][+-]?[0-9]+)?)/.exec(text.slice(i, i + 128))!;
      push('number', m[0]);
      i += m[0].length;
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordPart(text[j]!)) j += 1;
      const word = text.slice(i, j);
      // A word right after a dot is a column or table name, whatever it spells.
      const qualified = out.at(-1)?.text.endsWith('.') ?? false;
      push(!qualified && KEYWORDS.has(word.toLowerCase()) ? 'keyword' : 'text', word);
      i = j;
    } else if (OPERATORS.includes(c)) {
      push('operator', c);
      i += 1;
    } else {
      push('text', c);
      i += 1;
    }
  }
  return out;
}
