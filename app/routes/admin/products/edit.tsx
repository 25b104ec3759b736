// Manage Products: the editor of one product (or a new one). Saves travel as JSON (prices and images
// are nested); archive and delete are plain form posts that ask first. Refusals (a newer version,
// a slug in use, a product still in recipes) come back as messages on the page.
import { href, useActionData } from 'react-router';
import { productArchive, productDelete, productInput, productUpdate } from '@shared/schemas/catalog';
import { stockAdjustment } from '@shared/schemas/stock';
import { PRODUCT_STATUS_LABELS } from '@shared/limits-catalog';
import type { Route } from './+types/edit';
import { BackLink, ConfirmButton, EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { PageHeader, StatusBadge } from '~/components/admin-ui/list';
import { ProductEditor } from '~/features/catalog/product-editor';
import { StockPanel } from '~/features/catalog/stock-panel';
import type { ActionResult } from '~/lib/action-result';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { can, requireScreen } from '~/lib/guards.server';
import { orNotFound, requireFound } from '~/lib/params.server';
import { plural } from '@shared/plural';

const LIST = href('/admin/dashboard/products');

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.product ? `Edit ${data.product.name}` : 'New product'} · Frolic` }];

const NOT_FOUND = 'Not found';

/** The id in the path; anything that is not a product id is simply not found. */
function productId(param: string | undefined): number | null {
  if (param === undefined) return null;
  return requireFound(/^[1-9]\d{0,8}$/.test(param) ? Number(param) : null, NOT_FOUND);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'products');
  const id = productId(params.id);
  const canDelete = await can(context, user, { permission: 'catalog:delete' });
  if (id === null) return { product: null, canDelete, stock: null };
  const product = await orNotFound(context.services.catalog.getForEdit(id), NOT_FOUND);
  const [balance, movements] = await Promise.all([
    context.services.stock.brandBalance(user, id),
    context.services.stock.brandMovements(user, id, { page: 1, pageSize: 10 }),
  ]);
  return { product, canDelete, stock: { balance, movements: movements.items } };
}

export async function action(args: Route.ActionArgs) {
  const id = productId(args.params.id);
  const catalog = args.context.services.catalog;
  const body = await readBody(args.request);
  if (id !== null && body.intent === 'archive') {
    return adminAction(args, {
      permission: 'cms:access',
      schema: productArchive,
      body,
      run: (input, { actor }) => catalog.archive(id, input.version, actor),
      done: (p) => ({ to: LIST, title: 'Product archived', description: `${p.name} is no longer on the public site.` }),
    });
  }
  if (id !== null && body.intent === 'adjust-stock') {
    return adminAction(args, {
      permission: 'cms:access',
      schema: stockAdjustment,
      body,
      run: (input, { user, actor }) => args.context.services.stock.adjustBrand(user, id, input, actor),
      done: (b) => ({
        to: href('/admin/dashboard/products/:id', { id: String(id) }),
        title: 'Stock adjusted',
        description: `${plural(b.onHand, 'bottle')} on hand.`,
      }),
    });
  }
  if (id !== null && body.intent === 'delete') {
    return adminAction(args, {
      permission: 'catalog:delete',
      schema: productDelete,
      body,
      run: (_input, { actor }) => catalog.delete(id, actor),
      done: () => ({ to: LIST, title: 'Product deleted' }),
    });
  }
  if (id === null) {
    return adminAction(args, {
      permission: 'cms:access',
      schema: productInput,
      body,
      run: (input, { actor }) => catalog.create(input, actor),
      done: (p) => ({ to: LIST, title: 'Product saved', description: `${p.name} was created.` }),
    });
  }
  return adminAction(args, {
    permission: 'cms:access',
    schema: productUpdate,
    body,
    run: (input, { actor }) => catalog.update(id, input, actor),
    done: (p) => ({ to: LIST, title: 'Product saved', description: `${p.name} was saved.` }),
  });
}

export default function ProductEditPage({ loaderData }: Route.ComponentProps) {
  const { product, canDelete, stock } = loaderData;
  const editor = useJsonEditor();
  // Archive and delete are form posts: their refusals arrive as the route's action data.
  const posted = useActionData<ActionResult>();
  const alert: Partial<ActionResult> = editor.formError ? editor : (posted ?? {});
  const errors = { ...editor.errors };
  if (editor.code === 'slug_taken' && !errors.slug) errors.slug = editor.formError;
  if (editor.code === 'sku_taken' && !errors.sku) errors.sku = editor.formError;

  return (
    <main id="main" className="max-w-5xl">
      <BackLink to={LIST} label="All products" />
      <PageHeader title={product ? `Edit ${product.name}` : 'New product'} description={product ? href('/products/:slug', { slug: product.slug }) : undefined}>
        {product ? <StatusBadge status={product.status} label={PRODUCT_STATUS_LABELS[product.status]} /> : null}
      </PageHeader>
      <EditorAlert formError={alert.formError} code={alert.code} hint={alert.hint} />
      <ProductEditor
        key={product?.id ?? 'new'}
        product={product}
        errors={errors}
        busy={editor.busy}
        onSave={(body) => editor.submit(product ? { ...body, version: product.version } : body)}
      />
      {stock ? (
        <StockPanel
          balance={stock.balance}
          movements={stock.movements}
          errors={posted?.code === 'validation_failed' || posted?.code === 'insufficient_stock' ? posted.errors : {}}
          formError={posted?.code === 'insufficient_stock' ? posted.formError : undefined}
        />
      ) : null}
      {product ? (
        <section aria-labelledby="danger-heading" className="mt-10 rounded-xl border border-stone-300 bg-white p-5">
          <h2 id="danger-heading" className="font-serif text-xl">
            Archive or delete
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Archiving takes the product off the public site and keeps it for recipes and orders. Deleting removes it for good and is refused while anything
            still uses it.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {product.status !== 'archived' ? (
              <ConfirmButton intent="archive" label="Archive" question={`Archive ${product.name}?`} fields={{ version: product.version }} variant="secondary" />
            ) : null}
            {canDelete ? <ConfirmButton intent="delete" label="Delete" question={`Delete ${product.name} for good?`} /> : null}
          </div>
        </section>
      ) : null}
    </main>
  );
}
