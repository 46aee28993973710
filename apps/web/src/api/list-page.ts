import { apiResponse, type RequestOptions } from './client';

/** One page of a list that answers an array and sends the total of its filter in X-Total-Count (issue 12). */
export type ListPage<Item> = { items: Item[]; total: number };

/** `page` is 1-based, as the server counts. */
export async function getListPage<Item>(
  path: string,
  { page, perPage, filters }: { page: number; perPage: number; filters?: RequestOptions['query'] },
): Promise<ListPage<Item> & { headers: Headers }> {
  const { body, headers } = await apiResponse<Item[]>(path, {
    query: { ...filters, page, per_page: perPage },
  });
  return { items: body, total: Number(headers.get('x-total-count') ?? body.length), headers };
}
