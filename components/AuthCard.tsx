/** The centred card of the full-screen identity pages (login, reset, setup, lock), with the brand. */
import type { ComponentChildren } from "preact";

export function AuthCard(
  { title, children, testId }: { title: string; children: ComponentChildren; testId?: string },
) {
  return (
    <section class="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div class="mb-6 flex items-center justify-center gap-2 text-brand-700">
        <span class="grid h-10 w-10 place-items-center rounded-lg bg-brand-700 text-base font-black text-white">
          KL
        </span>
        <span class="text-2xl font-bold tracking-tight">Klubbleads</span>
      </div>
      <div class="card p-6 sm:p-8" data-testid={testId}>
        <h1 class="mb-4 text-xl font-bold">{title}</h1>
        {children}
      </div>
    </section>
  );
}
