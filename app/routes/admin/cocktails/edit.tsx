// The recipe editor (new and existing): facts, ordered ingredients with amounts, units and links to
// our products, ordered steps, the image from the media library and published/draft. Saves as JSON
// through the shared schema; a save over someone else's newer edit is refused with a reload link.
import { useState } from 'react';
import { href, useActionData } from 'react-router';
import { COCKTAIL_GLASSES, DIFFICULTY_LABELS } from '@shared/cocktail-constants';
import { CATEGORY_LABELS } from '@shared/limits-catalog';
import type { PickedMedia } from '@shared/media';
import { cocktailAdminId, type CocktailEdit, cocktailInput, cocktailUpdate, cocktailVersionOnly } from '@shared/schemas/cocktails';
import type { Route } from './+types/edit';
import { BackLink, ConfirmButton, EditorActions, EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass, Options, PageHeader } from '~/components/admin-ui/list';
import {
  blankIngredient,
  blankStep,
  type IngredientDraft,
  IngredientsEditor,
  MethodEditor,
  newKey,
  type StepDraft,
} from '~/features/cocktails/recipe-editor-rows';
import { Field } from '~/components/forms/fields';
import { MediaPicker } from '~/components/media/media-picker';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { can, requirePermission } from '~/lib/guards.server';
import { orNotFound, requireFound } from '~/lib/params.server';

const LIST = href('/admin/dashboard/cocktails');

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${!data ? 'Recipe not found' : data.cocktail ? `Edit ${data.cocktail.name}` : 'New recipe'} · Frolic` },
];

type Cocktails = Route.LoaderArgs['context']['services']['cocktails'];

const NOT_FOUND = 'We could not find that recipe.';
const idFrom = (raw: string) => requireFound(cocktailAdminId.safeParse(raw).data, NOT_FOUND);
const loadRecipe = (cocktails: Cocktails, raw: string): Promise<CocktailEdit> => orNotFound(cocktails.getForEdit(idFrom(raw)), NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, 'cms:access');
  const { cocktails } = context.services;
  const cocktail = params.id === undefined ? null : await loadRecipe(cocktails, params.id);
  // A linked product that has since been archived stays selectable for the rows that use it.
  const linked = cocktail?.ingredients.flatMap((i) => (i.productId === null ? [] : [i.productId])) ?? [];
  return { cocktail, products: await cocktails.productOptions(linked), canDelete: await can(context, user, { permission: 'catalog:delete' }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { cocktails } = context.services;
  const body = await readBody(request);
  const saved = (c: CocktailEdit) => ({
    to: href('/admin/dashboard/cocktails/:id', { id: String(c.id) }),
    title: 'Recipe saved',
    description: c.published ? `${c.name} is live on the site.` : `${c.name} is a draft.`,
  });
  if (params.id === undefined) {
    return adminAction(
      { request, context },
      { permission: 'cms:access', schema: cocktailInput, body, run: (input, { actor }) => cocktails.create(input, actor), done: saved },
    );
  }
  const id = idFrom(params.id);
  if (body.intent === 'delete') {
    return adminAction(
      { request, context },
      {
        permission: 'catalog:delete',
        schema: cocktailVersionOnly,
        body,
        run: (input, { actor }) => cocktails.remove(id, input.version, actor),
        done: () => ({ to: LIST, title: 'Recipe deleted' }),
      },
    );
  }
  return adminAction(
    { request, context },
    { permission: 'cms:access', schema: cocktailUpdate, body, run: (input, { actor }) => cocktails.update(id, input, actor), done: saved },
  );
}

// ---------------------------------------------------------------------------------------------
// The form's state: text as typed (the shared schema reads numbers and blanks), rows with keys.

interface Draft {
  name: string;
  slug: string;
  description: string;
  baseSpirit: string;
  glass: string;
  difficulty: string;
  prepMinutes: string;
  ingredients: IngredientDraft[];
  steps: StepDraft[];
  image: PickedMedia | null;
  featured: boolean;
  published: boolean;
}

function toDraft(c: CocktailEdit | null): Draft {
  if (!c) {
    return {
      name: '',
      slug: '',
      description: '',
      baseSpirit: 'gin',
      glass: '',
      difficulty: 'easy',
      prepMinutes: '5',
      ingredients: [blankIngredient()],
      steps: [blankStep()],
      image: null,
      featured: false,
      published: false,
    };
  }
  return {
    name: c.name,
    slug: c.slug,
    description: c.description,
    baseSpirit: c.baseSpirit,
    glass: c.glass,
    difficulty: c.difficulty,
    prepMinutes: String(c.prepMinutes),
    ingredients: c.ingredients.map((i) => ({
      key: newKey(),
      name: i.name,
      amount: i.amount === null ? '' : String(i.amount),
      unit: i.unit ?? '',
      productId: i.productId === null ? '' : String(i.productId),
    })),
    steps: c.steps.map((text) => ({ key: newKey(), text })),
    image: c.image,
    featured: c.featured,
    published: c.published,
  };
}

function toInput(d: Draft) {
  const { ingredients, steps, image, ...facts } = d;
  return { ...facts, ingredients: ingredients.map(({ key: _key, ...i }) => i), steps: steps.map((s) => s.text), imageMediaId: image?.id ?? null };
}

/** "Gin & Tonic" → "gin-and-tonic": the slug a new recipe gets until staff type their own. */
function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

export default function RecipeEditor({ loaderData }: Route.ComponentProps) {
  const { cocktail, products, canDelete } = loaderData;
  const [draft, setDraft] = useState<Draft>(() => toDraft(cocktail));
  const [slugTouched, setSlugTouched] = useState(cocktail !== null);
  const editor = useJsonEditor();
  const deletion = useActionData<typeof action>();
  const errors = editor.errors;
  const alert = editor.formError ? editor : deletion?.formError ? deletion : null;

  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setIngredients = (f: (rows: IngredientDraft[]) => IngredientDraft[]) => setDraft((d) => ({ ...d, ingredients: f(d.ingredients) }));
  const setSteps = (f: (rows: StepDraft[]) => StepDraft[]) => setDraft((d) => ({ ...d, steps: f(d.steps) }));
  const slugError = errors.slug ?? (editor.code === 'slug_taken' ? 'This slug is taken: choose another.' : undefined);

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    // The version is the one this page loaded: a newer save by someone else makes this one a conflict.
    editor.submit(cocktail ? { ...toInput(draft), version: cocktail.version } : toInput(draft));
  };

  return (
    <main id="main" className="max-w-4xl">
      <BackLink to={LIST} label="Manage Recipes" />
      <PageHeader title={cocktail ? `Edit ${cocktail.name}` : 'New recipe'}>
        {cocktail?.published ? (
          <a href={href('/cocktails/:id', { id: cocktail.slug })} className={buttonClass.secondary}>
            View on the site
          </a>
        ) : null}
        {cocktail && canDelete ? (
          <ConfirmButton intent="delete" label="Delete" question={`Delete ${cocktail.name} for good?`} fields={{ version: cocktail.version }} />
        ) : null}
      </PageHeader>
      {alert ? <EditorAlert formError={alert.formError} code={alert.code} hint={alert.hint} /> : null}

      <form onSubmit={save} noValidate className="space-y-8" aria-label={cocktail ? `Edit ${cocktail.name}` : 'New recipe'}>
        <section className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2" aria-label="About the drink">
          <Field label="Name" name="name" error={errors.name}>
            {(p) => (
              <input
                {...p}
                value={draft.name}
                maxLength={120}
                onChange={(e) => update({ name: e.target.value, ...(slugTouched ? {} : { slug: slugify(e.target.value) }) })}
              />
            )}
          </Field>
          <Field label="Slug" name="slug" error={slugError} hint="The address of the recipe: /cocktails/<slug>.">
            {(p) => (
              <input
                {...p}
                value={draft.slug}
                maxLength={120}
                onChange={(e) => {
                  setSlugTouched(true);
                  update({ slug: e.target.value });
                }}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field label="Description" name="description" error={errors.description}>
              {(p) => <textarea {...p} rows={3} value={draft.description} maxLength={2000} onChange={(e) => update({ description: e.target.value })} />}
            </Field>
          </div>
          <Field label="Base spirit" name="baseSpirit" error={errors.baseSpirit}>
            {(p) => (
              <select {...p} value={draft.baseSpirit} onChange={(e) => update({ baseSpirit: e.target.value })}>
                <Options labels={CATEGORY_LABELS} />
              </select>
            )}
          </Field>
          <Field label="Glass" name="glass" error={errors.glass}>
            {(p) => (
              <>
                <input {...p} list="cocktail-glasses" value={draft.glass} maxLength={60} onChange={(e) => update({ glass: e.target.value })} />
                <datalist id="cocktail-glasses">
                  {COCKTAIL_GLASSES.map((g) => (
                    <option key={g} value={g} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field label="Difficulty" name="difficulty" error={errors.difficulty}>
            {(p) => (
              <select {...p} value={draft.difficulty} onChange={(e) => update({ difficulty: e.target.value })}>
                <Options labels={DIFFICULTY_LABELS} />
              </select>
            )}
          </Field>
          <Field label="Preparation time (minutes)" name="prepMinutes" error={errors.prepMinutes}>
            {(p) => <input {...p} type="number" min={1} max={240} value={draft.prepMinutes} onChange={(e) => update({ prepMinutes: e.target.value })} />}
          </Field>
        </section>

        <IngredientsEditor rows={draft.ingredients} products={products} errors={errors} onChange={setIngredients} />
        <MethodEditor steps={draft.steps} errors={errors} onChange={setSteps} />

        <section className="space-y-4 rounded-xl bg-white p-5 shadow-sm" aria-label="Image and publishing">
          <MediaPicker label="Image" kind="image" name="imageMediaId" value={draft.image} onChange={(image) => update({ image })} error={errors.imageMediaId} />
          {!draft.image && cocktail?.imageUrl && !cocktail.image ? (
            <div className="flex items-center gap-3 text-sm text-stone-700">
              <img src={cocktail.imageUrl} alt="" width={80} height={60} className="rounded-md bg-stone-100 object-cover" />
              <p>The built-in picture stays until you choose an image from the library.</p>
            </div>
          ) : null}
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={draft.featured} onChange={(e) => update({ featured: e.target.checked })} className="h-4 w-4" />
            Featured
          </label>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={draft.published} onChange={(e) => update({ published: e.target.checked })} className="h-4 w-4" />
            Published
          </label>
          <p className="text-sm text-stone-600">A published recipe is on /cocktails at once; it needs an image.</p>
        </section>

        <EditorActions busy={editor.busy} cancelTo={LIST} />
      </form>
    </main>
  );
}
