// No raw zod text reaches a person: every schema exported from shared/schemas, fed wrong values in
// every field it has (at any depth), answers only with sentences — its own or the fallback map's
// (./zod.ts) — never zod's defaults ("Too small: expected number to be >=7", "Invalid input").
// eslint-disable-next-line no-restricted-imports -- a test (never bundled) lists the schema files beside it
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { fallbackMessage, fieldLabel } from './zod';
import { securitySettingsSave } from './security';

/** zod 4's English defaults all start so. */
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required|Number must|String must|Array must)\b/;

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } })?._zod?.def;

const LONG = 'x'.repeat(300_000);

/** Values that are wrong for `schema` in as many ways as its definition suggests, `depth`-bounded. */
function badValues(schema: unknown, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 6) return [];
  const inner = (s: unknown) => badValues(s, depth + 1);
  switch (def.type) {
    case 'string':
      return [undefined, 42, '', ' ', LONG, 'not valid ☃'];
    case 'number':
    case 'int':
      return [undefined, 'abc', -1e15, 1e15, 1.5, -1];
    case 'boolean':
      return [undefined, 'maybe'];
    case 'enum':
    case 'literal':
      return [undefined, 'not-an-option', 99_999];
    case 'date':
      return ['yesterday'];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def.innerType).filter((v) => v !== undefined && v !== null);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'transform':
    case 'unknown':
    case 'any':
      return [undefined, 'abc', -1e15, 1e15, 1.5, true, LONG, ''];
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'array': {
      const el = inner(def.element);
      return ['x', [], Array.from({ length: 1001 }, () => el[0] ?? 'x'), ...el.slice(0, 8).map((v) => [v])];
    }
    case 'record':
      return ['x', { '': 1 }, ...inner(def.valueType).map((v) => ({ GB: v, key: v }))];
    case 'union':
      return ['x', 42, ...(def.options as unknown[]).flatMap((o) => inner(o).slice(0, 6))];
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const out: unknown[] = ['x', {}, { unexpectedField: 1 }];
      // One field wrong at a time among valid-looking neighbours is too much to build by hand: send
      // every field's wrong values together, one per field, as many times as the longest list.
      const lists = Object.entries(shape).map(([k, s]) => [k, inner(s)] as const);
      const rounds = Math.max(0, ...lists.map(([, l]) => l.length));
      for (let i = 0; i < rounds; i++) out.push(Object.fromEntries(lists.filter(([, l]) => l.length).map(([k, l]) => [k, l[i % l.length]])));
      return out;
    }
    default:
      return [undefined, 'x', 42];
  }
}

/** Every message an issue list holds, union branches included. */
function messagesOf(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((i) => [i.message, ...('errors' in i && Array.isArray(i.errors) ? i.errors.flatMap((e) => messagesOf(e)) : [])]);
}

const dir = new URL('.', import.meta.url).pathname;
const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'zod.ts');

describe('no zod default text reaches a person', () => {
  it.each(modules)('%s', async (file) => {
    const mod = (await import(`./${file}`)) as Record<string, unknown>;
    const schemas = Object.entries(mod).filter(([, v]) => defOf(v) !== undefined) as [string, z.ZodType][];
    const raw: string[] = [];
    for (const [name, schema] of schemas) {
      for (const value of badValues(schema)) {
        const r = schema.safeParse(value);
        if (r.success) continue;
        for (const m of messagesOf(r.error.issues)) if (ZOD_DEFAULT.test(m) || !/[.?!)]$/.test(m)) raw.push(`${name}: ${m}`);
      }
    }
    expect([...new Set(raw)]).toEqual([]);
  });
});

describe('Access Control: the field’s name and its limit, in a sentence', () => {
  const valid = {
    requireTwoFactorForStaff: false,
    requireTwoFactorForEmployees: false,
    passwordExpiryEnabled: true,
    passwordExpiryDays: 90,
    lockoutEnabled: true,
    lockoutThreshold: 5,
    lockoutMinutes: 15,
    sessionTimeoutEnabled: true,
    sessionTimeoutMinutes: 60,
    rememberDeviceDays: 30,
    version: 1,
  };
  const message = (patch: Record<string, unknown>) => securitySettingsSave.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;

  it.each([
    [{ passwordExpiryDays: 5 }, 'Password expiry must be at least 7 days.'],
    [{ passwordExpiryDays: 731 }, 'Password expiry cannot be more than 730 days.'],
    [{ passwordExpiryDays: null }, 'Enter the password expiry in whole days, from 7 to 730.'],
    [{ lockoutThreshold: 2 }, 'Failed attempts must be at least 3.'],
    [{ lockoutThreshold: 21 }, 'Failed attempts cannot be more than 20.'],
    [{ lockoutMinutes: 0 }, 'The lock must last at least 1 minute.'],
    [{ lockoutMinutes: 1441 }, 'The lock cannot last more than 1,440 minutes.'],
    [{ sessionTimeoutMinutes: 45 }, 'Choose an idle time of 15, 30, 60 or 120 minutes.'],
    [{ rememberDeviceDays: 2 }, 'Choose to remember a device for 1, 7, 30 or 90 days.'],
  ])('%o → %s', (patch, expected) => {
    expect(message(patch)).toBe(expected);
  });
});

describe('the fallback map', () => {
  it('names the field from its path', () => {
    expect(fieldLabel(['passwordExpiryDays'])).toBe('password expiry days');
    expect(fieldLabel(['lines', 0, 'productId'])).toBe('product');
    expect(fieldLabel(['creditLimitMinor'])).toBe('credit limit');
    expect(fieldLabel([])).toBe('this value');
  });

  it('writes a sentence with the limit when a schema wrote none', () => {
    const r = z.object({ lockoutMinutes: z.number().int().min(1).max(1440) }).safeParse({ lockoutMinutes: 2000 });
    expect(r.error?.issues[0]?.message).toBe('Lockout minutes cannot be more than 1,440.');
    expect(z.object({ name: z.string().max(3) }).safeParse({ name: 'abcd' }).error?.issues[0]?.message).toBe('Keep name to 3 characters.');
    expect(typeof fallbackMessage).toBe('function');
  });
});
