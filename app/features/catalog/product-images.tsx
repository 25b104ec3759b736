// The product's images as an ordered list (the first is the one the public pages show): each from
// the media picker (which also removes it), with move up / down, and a picker to add another.
import { PRODUCT_IMAGES_MAX } from '@shared/limits-catalog';
import type { PickedMedia } from '@shared/media';
import type { FieldErrors } from '@shared/form-constants';
import { MediaPicker } from '~/components/media/media-picker';

interface ProductImagesProps {
  value: PickedMedia[];
  onChange: (images: PickedMedia[]) => void;
  errors: FieldErrors;
}

const small = 'inline-flex items-center rounded-md border border-stone-400 bg-white px-2 py-1 text-sm font-medium hover:bg-stone-50 disabled:opacity-50';

export function ProductImages({ value, onChange, errors }: ProductImagesProps) {
  const replace = (i: number, m: PickedMedia | null) => onChange(m ? value.map((v, j) => (j === i ? m : v)) : value.filter((_, j) => j !== i));
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by] as PickedMedia, next[i] as PickedMedia];
    onChange(next);
  };
  return (
    <div>
      {errors.images ? (
        <p className="mb-2 text-sm font-medium text-red-800" role="alert">
          {errors.images}
        </p>
      ) : null}
      <ol className="space-y-3">
        {value.map((image, i) => (
          <li key={`${image.id}-${i}`} className="flex flex-wrap items-start gap-3 rounded-md border border-stone-200 p-3">
            <div className="min-w-48 flex-1">
              <MediaPicker
                label={`Image ${i + 1}`}
                kind="image"
                value={image}
                onChange={(m) => replace(i, m)}
                error={errors[`images.${i}`]}
                name={`images.${i}`}
              />
            </div>
            <div className="flex gap-1">
              <button type="button" className={small} disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move image ${i + 1} up`}>
                ↑
              </button>
              <button type="button" className={small} disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={`Move image ${i + 1} down`}>
                ↓
              </button>
            </div>
          </li>
        ))}
      </ol>
      {value.length < PRODUCT_IMAGES_MAX ? (
        <div className="mt-3">
          <MediaPicker
            label={value.length ? 'Another image' : 'Image'}
            kind="image"
            value={null}
            onChange={(m) => {
              if (m && !value.some((v) => v.id === m.id)) onChange([...value, m]);
            }}
          />
        </div>
      ) : (
        <p className="mt-3 text-sm text-stone-600">A product has at most {PRODUCT_IMAGES_MAX} images.</p>
      )}
    </div>
  );
}
