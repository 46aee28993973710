import { useSearchParams } from 'react-router';

// Issue 15 (decision 032): a list's page, search, order and filters live in the URL, so a reload or a shared link
// shows the same rows. `page` is 1-based in the URL and zero-based here (the DataTable's).

export type ListParams<Filter extends string> = {
  /** Zero-based. */
  page: number;
  pageSize: number;
  q: string;
  orden: string | undefined;
  filters: Record<Filter, string>;
  /** What the server is asked for: q, orden and the filters that are set (no page). */
  query: Record<string, string>;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setQ: (q: string) => void;
  setOrden: (orden: string) => void;
  setFilter: (name: Filter, value: string) => void;
  /** Several filters at once (a form's 'Aplicar filtros'). */
  setFilters: (values: Partial<Record<Filter, string>>) => void;
};

export function useListParams<Filter extends string = never>({
  filters = [],
  defaultPageSize = 10,
}: { filters?: readonly Filter[]; defaultPageSize?: number } = {}): ListParams<Filter> {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, (Number(params.get('page')) || 1) - 1);
  const pageSize = Number(params.get('per_page')) || defaultPageSize;
  const q = params.get('q') ?? '';
  const orden = params.get('orden') || undefined;
  const filterValues = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? ''])) as Record<
    Filter,
    string
  >;

  /** Changes some words of the URL; any change but the page's goes back to the first page. */
  function update(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  const query: Record<string, string> = {};
  if (q) query.q = q;
  if (orden) query.orden = orden;
  for (const name of filters) if (filterValues[name]) query[name] = filterValues[name];

  return {
    page,
    pageSize,
    q,
    orden,
    filters: filterValues,
    query,
    setPage: (next) => update({ page: next > 0 ? String(next + 1) : undefined }),
    setPageSize: (size) => update({ per_page: size === defaultPageSize ? undefined : String(size) }),
    setQ: (next) => update({ q: next.trim() || undefined }),
    setOrden: (next) => update({ orden: next }),
    setFilter: (name, value) => update({ [name]: value || undefined }),
    setFilters: (values) =>
      update(
        Object.fromEntries(
          Object.entries(values).map(([name, value]) => [name, (value as string | undefined) || undefined]),
        ),
      ),
  };
}
