// The loader and action of the two marketing editors (collateral items and events): the same guard,
// the same 404 for an id that is not there, and create, update and delete through the marketing
// service with the same toasts. Each route says what its item is called, its schemas and the calls.
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { marketingId } from '@shared/schemas/marketing';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { orNotFound, requireFound } from '~/lib/params.server';
import { can, requireScreen } from '~/lib/guards.server';

type Marketing = AppLoadContext['services']['marketing'];
type Actor = ReturnType<AppLoadContext['auth']['actor']>;
interface Args {
  request: Request;
  context: AppLoadContext;
  params: { id?: string };
}

export interface MarketingEditor<C extends z.ZodType, U extends z.ZodType> {
  /** What one item is called, in lower case: 'collateral item', 'event' (404 page and toasts). */
  noun: string;
  /** Where a save or a delete goes back to. */
  list: string;
  get: (marketing: Marketing, id: number) => Promise<unknown>;
  createSchema: C;
  create: (marketing: Marketing, input: z.infer<C>, actor: Actor) => Promise<unknown>;
  updateSchema: U;
  update: (marketing: Marketing, id: number, input: z.infer<U>, actor: Actor) => Promise<unknown>;
  remove: (marketing: Marketing, id: number, actor: Actor) => Promise<void>;
}

const deleteForm = z.object({ intent: z.literal('delete') });

const notFoundMessage = (noun: string) => `We could not find that ${noun}.`;

/** The item's id from the URL; null on the "new" route. */
function idOf(params: { id?: string }, noun: string): number | null {
  if (params.id === undefined) return null;
  return requireFound(marketingId.safeParse(params.id).data, notFoundMessage(noun));
}

export async function loadMarketingItem<T>(
  { request, context, params }: Args,
  editor: { noun: string; get: (marketing: Marketing, id: number) => Promise<T> },
) {
  const user = await requireScreen(request, context, 'marketing');
  const id = idOf(params, editor.noun);
  const canDelete = await can(context, user, { permission: 'catalog:delete' });
  if (id === null) return { item: null, canDelete };
  return { item: await orNotFound(editor.get(context.services.marketing, id), notFoundMessage(editor.noun)), canDelete };
}

export async function marketingItemAction<C extends z.ZodType, U extends z.ZodType>(args: Args, editor: MarketingEditor<C, U>) {
  const id = idOf(args.params, editor.noun);
  const body = await readBody(args.request);
  const marketing = args.context.services.marketing;
  const Noun = `${editor.noun.charAt(0).toUpperCase()}${editor.noun.slice(1)}`;
  const saved = () => ({ to: editor.list, title: `${Noun} saved` });
  if (body.intent === 'delete' && id !== null) {
    return adminAction(args, {
      permission: 'catalog:delete',
      schema: deleteForm,
      body,
      run: (_input, { actor }) => editor.remove(marketing, id, actor),
      done: () => ({ to: editor.list, title: `${Noun} deleted` }),
    });
  }
  if (id === null) {
    return adminAction(args, {
      permission: 'cms:access',
      schema: editor.createSchema,
      body,
      run: (input, { actor }) => editor.create(marketing, input, actor),
      done: saved,
    });
  }
  return adminAction(args, {
    permission: 'cms:access',
    schema: editor.updateSchema,
    body,
    run: (input, { actor }) => editor.update(marketing, id, input, actor),
    done: saved,
  });
}
