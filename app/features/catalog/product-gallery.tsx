// A product's pictures on its page: the main image and, when there are several, thumbnails that
// switch it. Without JavaScript (or before hydration) the thumbnails are links to the full images;
// a press on one before hydration is pressed again on its button once the page is live
// (`data-press-key`, app/lib/hydrate-on-intent.ts).
import { useState, useSyncExternalStore } from 'react';
import type { PublicProductImage } from '@shared/schemas/catalog';

const subscribeToNothing = () => () => {};

/** False in the server's HTML and while hydrating, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

const thumbClass = 'block rounded-lg border-2 p-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass';

/**
 * `fallback` is the picture shown when the product has no gallery (the seeded illustrations).
 * Every picture sits in the same box (width/height and object-contain), so switching or loading
 * one never moves the page.
 */
export function ProductGallery({ images, fallback }: { images: PublicProductImage[]; fallback: { url: string; alt: string } }) {
  const [current, setCurrent] = useState(0);
  const hydrated = useHydrated();
  const shown = images[current] ?? fallback;
  return (
    <div>
      <img
        src={shown.url}
        alt={shown.alt}
        width={240}
        height={420}
        fetchPriority="high"
        className="mx-auto aspect-[4/7] w-full max-w-sm rounded-2xl bg-white object-contain"
      />
      {images.length > 1 ? (
        <ul aria-label="Product images" className="mx-auto mt-4 flex max-w-sm flex-wrap justify-center gap-3">
          {images.map((image, i) => {
            const name = `Show image ${i + 1} of ${images.length}`;
            const selected = i === current;
            const border = selected ? 'border-brass' : 'border-transparent hover:border-stone-300';
            const thumb = (
              <img src={image.thumbUrl} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-16 rounded-md bg-white object-contain" />
            );
            return (
              <li key={image.url}>
                {hydrated ? (
                  <button
                    type="button"
                    data-press-key={`gallery-${i}`}
                    aria-label={name}
                    aria-pressed={selected}
                    onClick={() => setCurrent(i)}
                    className={`${thumbClass} ${border} cursor-pointer`}
                  >
                    {thumb}
                  </button>
                ) : (
                  <a href={image.url} data-press-key={`gallery-${i}`} aria-label={name} className={`${thumbClass} ${border}`}>
                    {thumb}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
