export function ComingSoonTag() {
  return (
    <span className="rounded-full bg-flame-100 px-3 py-1 text-sm font-semibold text-flame-700">
      Coming Soon
    </span>
  );
}
