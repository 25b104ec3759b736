// The Database Management route's loader and action (master admin only), over services.sql in this
// process: the first screen in one answer (the tables, the selected table's page, the saved queries,
// the history, whether the editor can run), and each intent of the screen — run, count, save, rename,
// delete — parsed with the API's own schemas, so the page and /api/admin/sql cannot disagree.
import { type AppLoadContext, data } from 'react-router';
import { z } from 'zod';
import { fieldErrors } from '@shared/field-errors';
import { MAX_RECORD_ID } from '@shared/limits';
import { savedQueryBody, sqlRunBody, tableRowsQuery } from '@shared/schemas/database';
import { readBody } from '~/lib/admin-action.server';
import { requireMasterAdmin } from '~/lib/guards.server';
import { domainError, isKind, pageStatusOf } from '~/lib/domain-error';
import { notFound } from '~/lib/params.server';
import { type DatabaseActionData, type DatabaseIntent, type DatabaseScreenData, SAVED_SHOWN } from './types';

interface Args {
  request: Request;
  context: AppLoadContext;
}

export async function databaseLoader({ request, context }: Args): Promise<DatabaseScreenData> {
  await requireMasterAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const { sql } = context.services;
  const tables = await sql.tables();
  const [saved, history, status] = await Promise.all([sql.saved(), sql.history(), sql.status()]);
  const savedTotal = saved.length;
  const asked = search.get('table');
  if (asked !== null && !tables.some((t) => t.name === asked)) throw notFound('There is no table of that name.');
  const name = asked ?? tables[0]?.name;
  const cursor = tableRowsQuery.safeParse({ after: search.get('after') || undefined });
  let cursorRefused = !cursor.success;
  let page = null;
  if (name) {
    try {
      page = await sql.page(name, cursor.success ? cursor.data.after : undefined);
    } catch (err) {
      // A cursor of another table's key (a hand-edited address): the first page instead.
      if (!isKind(err, 'invalid')) throw err;
      cursorRefused = true;
      page = await sql.page(name, undefined);
    }
  }
  return { tables, page, cursorRefused, saved: saved.slice(0, SAVED_SHOWN), savedTotal, history, status };
}

const tableRef = z.object({ table: z.string().min(1).max(63) });
const savedRef = z.object({ id: z.coerce.number().int().positive().max(MAX_RECORD_ID) });
const renameBody = savedRef.extend({ name: z.string() });

const INTENTS: readonly DatabaseIntent[] = ['run', 'count', 'save', 'rename', 'delete'];

/** A refusal as the screen reads it (and the status the API would answer). */
function refused(
  intent: DatabaseIntent | null,
  status: number,
  body: { code: string; message: string; details?: unknown; hint?: string; errors?: Record<string, string | undefined> },
) {
  return data<DatabaseActionData>({ intent, ok: false, errors: {}, ...body }, { status });
}

class Invalid {
  constructor(readonly answer: ReturnType<typeof refused>) {}
}

export async function databaseAction({ request, context }: Args) {
  const viewer = await requireMasterAdmin(request, context);
  const body = await readBody(request);
  const intent = INTENTS.find((i) => i === body.intent) ?? null;
  const actor = context.auth.actor(viewer.id);
  const { sql } = context.services;
  const input = <S extends z.ZodType>(schema: S, value: unknown = body): z.infer<S> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new Invalid(refused(intent, 400, { code: 'validation_failed', message: parsed.error.issues[0]!.message, errors: fieldErrors(parsed.error) }));
    }
    return parsed.data;
  };
  try {
    switch (intent) {
      case 'run':
        return { intent, ok: true, result: await sql.run(viewer, input(sqlRunBody), actor) } satisfies DatabaseActionData;
      case 'count': {
        const { table } = input(tableRef);
        const { name, count } = await sql.count(table);
        return { intent, ok: true, name, count } satisfies DatabaseActionData;
      }
      case 'save': {
        const saved = await sql.save(input(savedQueryBody), actor);
        return {
          intent,
          ok: true,
          toast: { title: 'Query saved', description: `“${saved.name}” is saved for every master admin.` },
        } satisfies DatabaseActionData;
      }
      case 'rename': {
        const { id, name } = input(renameBody);
        const current = (await sql.saved()).find((q) => q.id === id);
        if (!current) return refused(intent, 404, { code: 'not_found', message: 'Saved query not found.' });
        const saved = await sql.update(id, input(savedQueryBody, { name, sql: current.sql }), actor);
        return { intent, ok: true, toast: { title: 'Query renamed', description: `It is now “${saved.name}”.` } } satisfies DatabaseActionData;
      }
      case 'delete':
        await sql.remove(input(savedRef).id, actor);
        return { intent, ok: true, toast: { title: 'Query deleted' } } satisfies DatabaseActionData;
      default:
        return refused(null, 400, { code: 'validation_failed', message: 'Unknown action.' });
    }
  } catch (err) {
    if (err instanceof Invalid) return err.answer;
    // The service's errors (a code and a kind) are the screen's to show — sql_unavailable's included,
    // under its kind's status; anything else is a bug, and the error boundary's.
    const e = domainError(err);
    if (!e) throw err;
    return refused(intent, pageStatusOf(e.kind), { code: e.code, message: e.message ?? 'Refused.', details: e.details, hint: e.hint });
  }
}
