// Why a partner can read but not place anything (pending, suspended, licence expired, or no
// organisation yet): said once, above the forms it disables.
export function StandingNotice({ notice }: { notice: { title: string; message: string } | null }) {
  if (!notice) return null;
  return (
    <section
      aria-labelledby="standing-heading"
      className="mb-6 rounded-xl border border-amber-700 bg-amber-50 p-4 text-amber-950"
      data-testid="standing-notice"
    >
      <h2 id="standing-heading" className="font-semibold">
        {notice.title}
      </h2>
      <p className="mt-1">{notice.message}</p>
    </section>
  );
}
