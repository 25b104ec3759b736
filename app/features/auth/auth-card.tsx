// The frame of the sign-in, sign-up and reset pages.
import { useEffect } from 'react';
import { toast, type ToastData } from '~/lib/toast-store';

export function AuthCard({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-forest/5 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <p className="text-center font-serif text-2xl tracking-widest text-brass">FROLIC</p>
        <h1 className="mt-4 text-center font-serif text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-center text-stone-700">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </main>
  );
}

/** Shows the toast an action returned (the server's message), once per submission. */
export function useActionToast(data: { toast?: ToastData } | undefined) {
  useEffect(() => {
    if (data?.toast) toast(data.toast);
  }, [data]);
}

export const primaryButton = 'w-full rounded-full bg-forest px-6 py-3 font-semibold text-white hover:bg-ink disabled:opacity-60';
