import { cn } from '../../lib/cn';
import { initials } from '../../lib/format';

// Each at least 4.5:1 against the white initials (sky, emerald, amber and teal only from their 700).
const palette = [
  'bg-violet-600',
  'bg-sky-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-600',
  'bg-indigo-600',
  'bg-teal-700',
];

function colourFor(seed: string) {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return palette[Math.abs(hash) % palette.length];
}

/** Initials on a colour derived from a stable seed (an id), so the same person keeps the same colour. */
export function Avatar({
  name,
  seed,
  size = 'md',
  shape = 'circle',
  className,
}: {
  name: string;
  seed?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  shape?: 'circle' | 'square';
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center font-semibold text-white',
        colourFor(seed ?? name),
        shape === 'circle' ? 'rounded-full' : 'rounded-md',
        size === 'sm' && 'size-6 text-[10px]',
        size === 'md' && 'size-8 text-xs',
        size === 'lg' && 'size-10 text-sm',
        size === 'xl' && 'size-14 text-lg',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
