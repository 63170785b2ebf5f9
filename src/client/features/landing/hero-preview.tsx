// Decorative product sketch beside the hero: shapes only, no invented content.
export function HeroPreview() {
  const bar = 'rounded-full bg-zinc-200 dark:bg-zinc-700';
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-2xl border border-zinc-200 bg-white p-3 shadow-2xl shadow-indigo-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40">
        <div className="flex items-center gap-1.5 px-2 pb-3">
          <span className="size-2.5 rounded-full bg-red-400/80" />
          <span className="size-2.5 rounded-full bg-amber-400/80" />
          <span className="size-2.5 rounded-full bg-emerald-400/80" />
          <span className={`ml-3 h-2 w-40 ${bar}`} />
        </div>
        <div className="rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-5">
          <div className="h-3 w-24 rounded-full bg-white/60" />
          <div className="mt-3 h-5 w-52 rounded-full bg-white" />
        </div>
        <div className="grid gap-3 p-3 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="rounded-lg border border-zinc-100 p-3 dark:border-zinc-800">
              <div className="h-16 rounded-md bg-gradient-to-br from-zinc-100 to-zinc-200 dark:from-zinc-800 dark:to-zinc-700" />
              <div className={`mt-3 h-2.5 w-4/5 ${bar}`} />
              <div className={`mt-2 h-2 w-full ${bar} opacity-60`} />
              <div className={`mt-1.5 h-2 w-2/3 ${bar} opacity-60`} />
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-5 -left-4 hidden items-center gap-2 rounded-xl border border-zinc-200 bg-white px-4 py-3 text-sm font-medium shadow-lg sm:flex dark:border-zinc-800 dark:bg-zinc-900">
        <span className="size-2 rounded-full bg-emerald-500" /> Ready to send
      </div>
    </div>
  );
}
