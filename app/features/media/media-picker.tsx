// The media picker every staff editor uses: shows the chosen file, opens the library to choose
// another or to upload a new one. (Placeholder until the media module lands.)
import type { MediaKind, PickedMedia } from '@shared/media';

export interface MediaPickerProps {
  label: string;
  kind: MediaKind;
  value: PickedMedia | null;
  onChange: (value: PickedMedia | null) => void;
  error?: string;
  /** Field name for tests and error anchors. */
  name?: string;
}

export function MediaPicker({ label, value, error }: MediaPickerProps) {
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <p className="text-sm text-stone-600">{value ? value.originalName : 'Nothing chosen'}</p>
      {error ? <p className="text-sm text-red-800">{error}</p> : null}
    </div>
  );
}
