// The recipe editor's two ordered lists: ingredients (name, amount, unit, a link to one of our
// products) and method steps. Rows carry a key of their own so React keeps each row's fields
// while rows move; errors are keyed by the path the shared schema reports ('ingredients.0.amount').
import { COCKTAIL_MAX_INGREDIENTS, COCKTAIL_MAX_STEPS, COCKTAIL_UNITS } from '@shared/cocktail-constants';
import type { FieldErrors } from '@shared/form-constants';
import type { CocktailProductOption } from '@shared/schemas/cocktails';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';

export interface IngredientDraft {
  key: string;
  name: string;
  amount: string;
  unit: string;
  productId: string;
}
export interface StepDraft {
  key: string;
  text: string;
}

let lastKey = 0;
export const newKey = () => `row-${++lastKey}`;
export const blankIngredient = (): IngredientDraft => ({ key: newKey(), name: '', amount: '', unit: 'ml', productId: '' });
export const blankStep = (): StepDraft => ({ key: newKey(), text: '' });

/** The rows change through an updater, so quick edits in a row never act on a stale list. */
type Update<T> = (f: (rows: T[]) => T[]) => void;

/** The parts of one row that the list wires up: change it, move it to another place, remove it. */
interface RowHandlers<T> {
  onChange: (row: T) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const smallButton = 'rounded-md border border-stone-400 bg-white px-2 py-1 text-xs font-medium hover:bg-stone-50 disabled:opacity-40';

/** Up, down and remove for one row of an ordered list. */
function RowControls({
  what,
  index,
  count,
  min,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  min: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <div className="flex gap-1">
      <button type="button" className={smallButton} aria-label={`Move ${what} ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        Up
      </button>
      <button type="button" className={smallButton} aria-label={`Move ${what} ${n} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        Down
      </button>
      <button type="button" className={smallButton} aria-label={`Remove ${what} ${n}`} disabled={count <= min} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

function IngredientRow(
  props: { index: number; count: number; row: IngredientDraft; products: CocktailProductOption[]; errors: FieldErrors } & RowHandlers<IngredientDraft>,
) {
  const { index, row, errors, onChange } = props;
  const path = (f: string) => `ingredients.${index}.${f}`;
  const set = (f: keyof IngredientDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...row, [f]: e.target.value });
  return (
    <li>
      <fieldset className="rounded-lg border border-stone-300 bg-white p-3">
        <legend className="px-1 text-sm font-semibold">Ingredient {index + 1}</legend>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_2fr]">
          <Field label="Name" name={path('name')} error={errors[path('name')]}>
            {(p) => <input {...p} value={row.name} onChange={set('name')} maxLength={120} />}
          </Field>
          <Field label="Amount" name={path('amount')} error={errors[path('amount')]}>
            {(p) => <input {...p} value={row.amount} onChange={set('amount')} inputMode="decimal" />}
          </Field>
          <Field label="Unit" name={path('unit')} error={errors[path('unit')]}>
            {(p) => (
              <select {...p} value={row.unit} onChange={set('unit')}>
                <option value="">no unit</option>
                {COCKTAIL_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Our product" name={path('productId')} error={errors[path('productId')]} optional>
            {(p) => (
              <select {...p} value={row.productId} onChange={set('productId')}>
                <option value="">Not one of ours</option>
                {props.products.map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.status === 'active' ? o.name : `${o.name} (${o.status})`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="mt-2">
          <RowControls what="ingredient" index={index} count={props.count} min={1} onMove={props.onMove} onRemove={props.onRemove} />
        </div>
      </fieldset>
    </li>
  );
}

function StepRow({
  index,
  count,
  step,
  error,
  onChange,
  onMove,
  onRemove,
}: { index: number; count: number; step: StepDraft; error?: string } & RowHandlers<StepDraft>) {
  return (
    <li className="rounded-lg border border-stone-300 bg-white p-3">
      <Field label={`Step ${index + 1}`} name={`steps.${index}`} error={error}>
        {(p) => <textarea {...p} rows={2} value={step.text} onChange={(e) => onChange({ ...step, text: e.target.value })} maxLength={1000} />}
      </Field>
      <div className="mt-2">
        <RowControls what="step" index={index} count={count} min={1} onMove={onMove} onRemove={onRemove} />
      </div>
    </li>
  );
}

/** A titled, ordered list of rows with an Add button; the list's own error goes above the rows. */
function OrderedRows<T extends { key: string }>(props: {
  legend: string;
  error?: string;
  rows: T[];
  max: number;
  addLabel: string;
  blank: () => T;
  onChange: Update<T>;
  renderRow: (row: T, index: number, handlers: RowHandlers<T>) => React.ReactNode;
}) {
  const { rows, onChange } = props;
  return (
    <fieldset>
      <legend className="mb-2 font-serif text-2xl">{props.legend}</legend>
      {props.error ? <p className="mb-2 text-sm font-medium text-red-800">{props.error}</p> : null}
      <ol className="space-y-3">
        {rows.map((row, i) =>
          props.renderRow(row, i, {
            onChange: (next) => onChange((all) => all.map((r) => (r.key === row.key ? next : r))),
            onMove: (to) => onChange((all) => move(all, i, to)),
            onRemove: () => onChange((all) => all.filter((r) => r.key !== row.key)),
          }),
        )}
      </ol>
      <button
        type="button"
        className={`${buttonClass.secondary} mt-3`}
        disabled={rows.length >= props.max}
        onClick={() => onChange((all) => [...all, props.blank()])}
      >
        {props.addLabel}
      </button>
    </fieldset>
  );
}

export function IngredientsEditor({
  rows,
  products,
  errors,
  onChange,
}: {
  rows: IngredientDraft[];
  products: CocktailProductOption[];
  errors: FieldErrors;
  onChange: Update<IngredientDraft>;
}) {
  return (
    <OrderedRows
      legend="Ingredients"
      error={errors.ingredients}
      rows={rows}
      max={COCKTAIL_MAX_INGREDIENTS}
      addLabel="Add ingredient"
      blank={blankIngredient}
      onChange={onChange}
      renderRow={(row, i, handlers) => (
        <IngredientRow key={row.key} index={i} count={rows.length} row={row} products={products} errors={errors} {...handlers} />
      )}
    />
  );
}

export function MethodEditor({ steps, errors, onChange }: { steps: StepDraft[]; errors: FieldErrors; onChange: Update<StepDraft> }) {
  return (
    <OrderedRows
      legend="Method"
      error={errors.steps}
      rows={steps}
      max={COCKTAIL_MAX_STEPS}
      addLabel="Add step"
      blank={blankStep}
      onChange={onChange}
      renderRow={(step, i, handlers) => <StepRow key={step.key} index={i} count={steps.length} step={step} error={errors[`steps.${i}`]} {...handlers} />}
    />
  );
}
