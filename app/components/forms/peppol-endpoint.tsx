// The Peppol endpoint an organisation's e-invoices name (issue 45): the electronic address scheme,
// chosen from the list shared/peppol.ts takes from Peppol's code list, and the identifier under it.
// Brand details and a partner's business details both use it.
import { PEPPOL_SCHEMES } from '@shared/peppol';
import { Field } from './fields';

export function PeppolEndpointFields({
  scheme,
  id,
  errors,
  onChange,
}: {
  scheme: string;
  id: string;
  errors: Record<string, string | undefined>;
  onChange: (patch: { peppolScheme?: string; peppolId?: string }) => void;
}) {
  return (
    <>
      <Field label="Peppol scheme" name="peppolScheme" error={errors.peppolScheme} hint="The register the identifier belongs to." optional>
        {(p) => (
          <select {...p} value={scheme} onChange={(e) => onChange({ peppolScheme: e.target.value })}>
            <option value="">None</option>
            {Object.entries(PEPPOL_SCHEMES).map(([code, label]) => (
              <option key={code} value={code}>
                {code}: {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Peppol identifier"
        name="peppolId"
        error={errors.peppolId}
        hint="Where e-invoices reach it, e.g. a GLN 5790000436057. Without one, its VAT number is used."
        optional
      >
        {(p) => (
          <input {...p} type="text" value={id} maxLength={135} autoComplete="off" spellCheck={false} onChange={(e) => onChange({ peppolId: e.target.value })} />
        )}
      </Field>
    </>
  );
}
