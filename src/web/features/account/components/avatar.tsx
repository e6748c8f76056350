/** The learner's picture, or their initials when they gave none. */
export function Avatar({ name, url }: { name: string; url: string }) {
  if (url) {
    return <img src={url} alt="" className="h-20 w-20 rounded-full object-cover" />;
  }
  const initials = name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <div
      aria-hidden="true"
      className="grid h-20 w-20 place-items-center rounded-full bg-flame-100 font-display text-2xl font-bold text-flame-700"
    >
      {initials || '?'}
    </div>
  );
}
