// The product form of the staff editor: every field of the shared `productInput` schema, with its
// errors inline (keyed by path), the price grid and the image list. Saving hands the JSON body up.
import { useEffect, useRef, useState } from 'react';
import {
  CATEGORY_LABELS,
  PRODUCT_CASE_SIZE_MAX,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from '@shared/limits-catalog';
import type { FieldErrors } from '@shared/form-constants';
import type { ProductForEdit } from '@shared/schemas/catalog';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { PriceGridInput } from './price-grid';
import { ProductImages } from './product-images';
import { initialState, type ProductFormState, slugify, toBody } from './product-form';
import { plural } from '@shared/plural';

interface ProductEditorProps {
  product: ProductForEdit | null;
  /** Field errors from the server, keyed by path (`retailPrices.GB`, `images.0` …). */
  errors: FieldErrors;
  busy: boolean;
  onSave: (body: Record<string, unknown>) => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-xl bg-white p-5 shadow-sm">
      <legend className="px-1 font-serif text-xl">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function ProductEditor({ product, errors: serverErrors, busy, onSave }: ProductEditorProps) {
  const [state, setState] = useState<ProductFormState>(() => initialState(product));
  // A new product's slug follows its name until staff type a slug of their own.
  const [slugTouched, setSlugTouched] = useState(product !== null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors = { ...serverErrors, ...localErrors };
  // After a refused save, focus goes to the first field in error (the form is long; the message at
  // the top is not where the fix is). Keyed on which fields are in error, so typing never moves it.
  const formRef = useRef<HTMLFormElement>(null);
  const fieldsInError = Object.keys(errors)
    .filter((k) => errors[k])
    .sort()
    .join('|');
  useEffect(() => {
    if (fieldsInError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldsInError]);
  const set = <K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const text = (key: keyof ProductFormState) => ({
    value: state[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(key, e.target.value as never),
  });

  function save(e: React.FormEvent) {
    e.preventDefault();
    const result = toBody(state);
    if ('errors' in result) return setLocalErrors(result.errors);
    setLocalErrors({});
    onSave(result.body);
  }

  return (
    <form ref={formRef} onSubmit={save} noValidate className="space-y-6" aria-label={product ? `Edit ${product.name}` : 'New product'}>
      <Section title="Product">
        <Field label="Name" name="name" error={errors.name}>
          {(p) => (
            <input
              {...p}
              value={state.name}
              onChange={(e) => setState((s) => ({ ...s, name: e.target.value, slug: slugTouched ? s.slug : slugify(e.target.value) }))}
              maxLength={120}
            />
          )}
        </Field>
        <Field label="Slug" name="slug" error={errors.slug} hint="The address on the site: /products/<slug>">
          {(p) => (
            <input
              {...p}
              value={state.slug}
              onChange={(e) => {
                setSlugTouched(true);
                set('slug', e.target.value);
              }}
              maxLength={120}
            />
          )}
        </Field>
        <Field
          label="SKU"
          name="sku"
          error={errors.sku}
          hint={product ? 'What buyers order by, e.g. in an uploaded order' : 'Leave empty for the next number, e.g. FRL-0009'}
        >
          {(p) => <input {...p} {...text('sku')} maxLength={32} autoCapitalize="characters" spellCheck={false} />}
        </Field>
        <Field label="Category" name="category" error={errors.category}>
          {(p) => (
            <select {...p} {...text('category')}>
              <option value="">Choose a category</option>
              {PRODUCT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status" name="status" error={errors.status} hint="Only active products are on the public site.">
          {(p) => (
            <select {...p} value={state.status} onChange={(e) => set('status', e.target.value as ProductStatus)}>
              {PRODUCT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {PRODUCT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="ABV (%)" name="abv" error={errors.abv}>
          {(p) => <input {...p} {...text('abv')} type="number" inputMode="decimal" min={0} max={100} step={0.1} />}
        </Field>
        <Field label="Volume (ml)" name="volumeMl" error={errors.volumeMl}>
          {(p) => <input {...p} {...text('volumeMl')} type="number" inputMode="numeric" min={1} step={1} />}
        </Field>
        <Field label="Case size (bottles)" name="caseSize" error={errors.caseSize}>
          {(p) => <input {...p} {...text('caseSize')} type="number" inputMode="numeric" min={1} max={PRODUCT_CASE_SIZE_MAX} step={1} />}
        </Field>
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={state.featured} onChange={(e) => set('featured', e.target.checked)} className="h-4 w-4" />
            Featured on the home page
          </label>
        </div>
      </Section>

      <Section title="Description and tasting notes">
        <div className="sm:col-span-2">
          <Field label="Description" name="description" error={errors.description}>
            {(p) => <textarea {...p} {...text('description')} rows={4} maxLength={4000} />}
          </Field>
        </div>
        <Field label="Nose" name="tastingNotes.nose" error={errors['tastingNotes.nose']} optional>
          {(p) => <textarea {...p} {...text('nose')} rows={2} maxLength={500} />}
        </Field>
        <Field label="Palate" name="tastingNotes.palate" error={errors['tastingNotes.palate']} optional>
          {(p) => <textarea {...p} {...text('palate')} rows={2} maxLength={500} />}
        </Field>
        <Field label="Finish" name="tastingNotes.finish" error={errors['tastingNotes.finish']} optional>
          {(p) => <textarea {...p} {...text('finish')} rows={2} maxLength={500} />}
        </Field>
      </Section>

      <fieldset className="rounded-xl bg-white p-5 shadow-sm">
        <legend className="px-1 font-serif text-xl">Images</legend>
        <p className="mb-3 text-sm text-stone-600">The first image is the one the public pages show. A product needs one before it goes active.</p>
        {product && state.images.length === 0 && product.imageUrl && !product.imageUrl.startsWith('/media/') ? (
          // A seeded product keeps its built-in illustration until an image from the library replaces it.
          <div className="mb-3 flex items-center gap-3 rounded-md border border-stone-200 p-3" data-testid="builtin-picture">
            <img src={product.imageUrl} alt="" width={40} height={70} className="h-16 w-auto" />
            <p className="text-sm text-stone-700">Shown now: the built-in illustration. Add an image to replace it.</p>
          </div>
        ) : null}
        <ProductImages value={state.images} onChange={(images) => set('images', images)} errors={errors} />
      </fieldset>

      <fieldset className="rounded-xl bg-white p-5 shadow-sm">
        <legend className="px-1 font-serif text-xl">Prices</legend>
        <PriceGridInput
          value={state.prices}
          onChange={(column, market, value) => setState((s) => ({ ...s, prices: { ...s.prices, [column]: { ...s.prices[column], [market]: value } } }))}
          errors={errors}
        />
      </fieldset>

      <Section title="Stock">
        <p className="text-sm text-stone-700">
          {product
            ? `${plural(product.stock.onHand, 'bottle')} on hand in the brand warehouse, ${plural(product.stock.available, 'bottle')} available (${product.stock.reserved.toLocaleString('en-GB')} reserved for approved orders). Saving the product never changes the stock: record an adjustment with its reason under “Brand warehouse stock” below.`
            : 'A new product starts with no stock. Once it is saved, record its opening stock as an adjustment with its reason.'}
        </p>
        <Field
          label="Low-stock threshold (bottles)"
          name="lowStockThreshold"
          error={errors.lowStockThreshold}
          hint="At or below this the product shows as low on stock."
        >
          {(p) => <input {...p} {...text('lowStockThreshold')} type="number" inputMode="numeric" min={0} step={1} />}
        </Field>
      </Section>

      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
