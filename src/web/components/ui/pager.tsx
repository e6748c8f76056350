import { Button } from './button.tsx';

/** Previous and next page of a paged list, named for the list it pages. */
export function Pager({
  page,
  hasMore,
  onPage,
  label,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  label: string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span className="text-sm">Page {page}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
